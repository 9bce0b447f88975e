// Names of the addresses the app knows, so that the local wallet's transfer list and its review of a transaction
// say "Payment contract" or "Vault" instead of bare hex: the contracts of the public configuration (/config
// `contracts`, the deployment's addresses), the zero address (a mint when it sends, a burn when it receives) and the
// wallet itself. A name is a key; the page translates it (`localWalletPages.names.<key>`).
import type { PublicConfig } from '@agc/shared';

export type KnownAddress = 'transfer' | 'bank' | 'token' | 'usdt' | 'attestation' | 'mint' | 'burn' | 'self';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The configured contracts, by the name each gets. `attestation` is null on a network without one. */
export type NamedContracts = PublicConfig['contracts'];

const CONTRACT_KEYS = ['transfer', 'bank', 'token', 'usdt', 'attestation'] as const;

/**
 * The name of `address`, or null when the app does not know it. `role`: whether the address sends (`from`) or
 * receives (`to`); only the zero address depends on it (tokens are minted from it and burnt to it).
 */
export type AddressNamer = (address: string, role?: 'from' | 'to') => KnownAddress | null;

/** A namer over the configured contracts and, when given, the wallet's own address. */
export function addressNamer(contracts: NamedContracts, self?: string): AddressNamer {
  const known = new Map<string, KnownAddress>();
  for (const key of CONTRACT_KEYS) {
    const address = contracts[key];
    if (address) known.set(address.toLowerCase(), key);
  }
  const own = self?.toLowerCase();
  return (address, role = 'to') => {
    const lower = address.toLowerCase();
    if (lower === ZERO_ADDRESS) return role === 'from' ? 'mint' : 'burn';
    if (own && lower === own) return 'self';
    return known.get(lower) ?? null;
  };
}
