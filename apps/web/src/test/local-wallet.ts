// The local wallet in page tests: anvil's first dev key stored under one password, and the clean-up after.
import { DEV_KEY } from '@web/features/local-wallet/testing/fixtures.ts';
import { importLocalWallet, removeLocalWallet } from '@web/lib/wallet/local.ts';
import { cleanupPage } from './cleanup.ts';

/** The password the tests store the local wallet's key under. */
export const WALLET_PASSWORD = 'correct horse battery';

/** The dev key imported (so stored and unlocked) under WALLET_PASSWORD, with nothing recorded as sent. */
export async function importDevWallet(): Promise<void> {
  localStorage.removeItem('localWalletSent');
  await importLocalWallet(DEV_KEY, WALLET_PASSWORD);
}

/** After a local wallet page's test: the page's clean-up, then no wallet stored. */
export async function cleanupWalletPage(): Promise<void> {
  await cleanupPage();
  removeLocalWallet();
}
