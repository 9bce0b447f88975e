import type { Address } from 'viem';
import { type HDAccount, mnemonicToAccount } from 'viem/accounts';

/** Public Hardhat/Anvil development mnemonic: its keys hold nothing of value anywhere. Never use in production. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

// Derivation runs PBKDF2 on every call, so keep the accounts we already derived.
const cache = new Map<number, HDAccount>();

/** Funded development account `i` of a default anvil node (index 0 deploys, index 1 signs vouchers by convention). */
export function devAccount(i: number): HDAccount {
  let account = cache.get(i);
  if (!account) {
    account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i });
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
