import { expect, type Page } from '@playwright/test';
import { generatePrivateKey, type LocalAccount, privateKeyToAccount } from 'viem/accounts';
import { readEnv } from './env.ts';
import { installTestWallet, type TestWallet } from './test-wallet.ts';

export const LOGIN = '/pages/login/index';

/**
 * Signs a member up through the login page with an invite code, from a wallet that starts on
 * Ethereum mainnet (a brand-new key unless one is given).
 */
export async function signUp(
  page: Page,
  inviteCode: string,
  side: 'left' | 'right' = 'left',
  account: LocalAccount = privateKeyToAccount(generatePrivateKey()),
): Promise<TestWallet> {
  const wallet = await installTestWallet(page, { account, rpcUrl: readEnv().rpcUrl, startChainId: 1 });
  await connectAndWaitForHome(page, `${LOGIN}?code=${inviteCode}&side=${side}`);
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  return wallet;
}

/** On the login page (at `url`), connects the installed test wallet and waits for home. */
export async function connectAndWaitForHome(page: Page, url = LOGIN): Promise<void> {
  await page.goto(url);
  await page.getByTestId('login-connect').click();
  // Several providers (EIP-6963 and window.ethereum) may offer a choice: take the test wallet.
  const choice = page.getByText('Test Wallet');
  await Promise.race([
    page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 }),
    choice.waitFor({ timeout: 20_000 }).then(() => choice.click()),
  ]);
  await page.waitForURL((u) => u.pathname === '/');
}
