import { pbkdf2Sync } from 'node:crypto';
import type { Address } from 'viem';
import { type HDAccount, HDKey, hdKeyToAccount } from 'viem/accounts';

/** Public Hardhat/Anvil development mnemonic: its keys hold nothing of value anywhere. Never use in production. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

// The mnemonic-to-seed step (BIP-39: PBKDF2-HMAC-SHA512, 2048 rounds) is the slow part of a derivation
// and viem's mnemonicToAccount repeats it on every call, so run it once for the root key and keep the
// accounts already derived.
let root: HDKey | undefined;
const cache = new Map<number, HDAccount>();

/** Funded development account `i` of a default anvil node (index 0 deploys, index 1 signs vouchers by convention). */
export function devAccount(i: number): HDAccount {
  let account = cache.get(i);
  if (!account) {
    root ??= HDKey.fromMasterSeed(pbkdf2Sync(DEV_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'));
    account = hdKeyToAccount(root, { addressIndex: i });
    cache.set(i, account);
  }
  return account;
}

/** Addresses of the first `count` development accounts (the ones seeded with test funds). */
export function devAddresses(count = 10): Address[] {
  return Array.from({ length: count }, (_, i) => devAccount(i).address);
}

/**
 * The voucher signer of local chains: an account of the dev mnemonic that is not one of the ten
 * funded ones (a member's wallet can never be the signer). A real network takes SIGNER_PRIVATE_KEY.
 */
export const DEV_SIGNER_INDEX = 10;
export const devVoucherSigner = (): HDAccount => devAccount(DEV_SIGNER_INDEX);

/**
 * The payment-quote signer of local chains (Transfer.quoteSigner): like the voucher signer, not one
 * of the funded accounts, and a key of its own so the two roles can be rotated independently.
 */
export const DEV_QUOTE_SIGNER_INDEX = 11;
export const devQuoteSigner = (): HDAccount => devAccount(DEV_QUOTE_SIGNER_INDEX);

/**
 * The guardian of local chains (Transfer and Vault): a key of its own, not the owner's, so that development runs the
 * way production must (the owner configures, another key can only stop things).
 */
export const DEV_GUARDIAN_INDEX = 12;
export const devGuardian = (): HDAccount => devAccount(DEV_GUARDIAN_INDEX);

/**
 * The proof-of-liabilities attester of local chains (LiabilityAttestation.attester): a key of its own, used for
 * nothing else, so that it can be rotated without touching the money keys. A real network takes ATTESTER_PRIVATE_KEY.
 */
export const DEV_ATTESTER_INDEX = 13;
export const devAttester = (): HDAccount => devAccount(DEV_ATTESTER_INDEX);

// Lower-cased address -> index, for the accounts derived so far by isDevKeyAddress.
const devIndexByAddress = new Map<string, number>();

/**
 * True when `address` is one of the first `count` accounts of the public development mnemonic
 * (case-insensitive). Anyone can derive their keys, so a production deployment must never trust one
 * as signer or owner.
 */
export function isDevKeyAddress(address: string, count = 30): boolean {
  for (let i = devIndexByAddress.size; i < count; i++) {
    devIndexByAddress.set(devAccount(i).address.toLowerCase(), i);
  }
  const index = devIndexByAddress.get(address.toLowerCase());
  return index !== undefined && index < count;
}
