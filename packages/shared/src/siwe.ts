import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { PublicConfig } from './api/config.ts';

/** The SIWE message lives 10 minutes; the server's nonce expires after 5 anyway. */
export const SIWE_TTL_MS = 10 * 60 * 1000;

/** The only chain members sign in on: Arbitrum One. */
export const SIWE_CHAIN_ID = 42161;

/**
 * The EIP-4361 message the server accepts: its domain, uri and statement, chain 42161, version 1. Shared so that
 * the web app writes it and the server's tests check their parser against the very builder the app uses.
 */
export function buildSiweMessage(args: {
  config: Pick<PublicConfig, 'siwe'>;
  address: string;
  nonce: string;
  now?: Date;
}): string {
  const now = args.now ?? new Date();
  return createSiweMessage({
    domain: args.config.siwe.domain,
    uri: args.config.siwe.uri,
    statement: args.config.siwe.statement,
    version: '1',
    chainId: SIWE_CHAIN_ID,
    nonce: args.nonce,
    address: getAddress(args.address),
    issuedAt: now,
    expirationTime: new Date(now.getTime() + SIWE_TTL_MS),
  });
}
