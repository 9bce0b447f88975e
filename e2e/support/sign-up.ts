import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { generatePrivateKey, type LocalAccount, privateKeyToAccount } from 'viem/accounts';
import { alignBrowserClock } from './clock.ts';
import { type E2EEnv, readEnv } from './env.ts';
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

/**
 * Signs `account` in (already registered), or up with the invitation link in `loginUrl`, in a fresh
 * browser context of `server`; the wallet starts on Arbitrum One. `prepare` runs on the context before
 * its page opens (e.g. to set the browser's clock).
 */
export async function openAs(
  browser: Browser,
  account: LocalAccount,
  server: Pick<E2EEnv, 'baseURL' | 'rpcUrl'>,
  {
    loginUrl = LOGIN,
    prepare,
  }: { loginUrl?: string; prepare?: (context: BrowserContext) => Promise<void> } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  await prepare?.(context);
  const page = await context.newPage();
  await installTestWallet(page, { account, rpcUrl: server.rpcUrl, startChainId: 42161 });
  await connectAndWaitForHome(page, loginUrl);
  return page;
}

/**
 * Signs `account` in (already registered) in a fresh browser context whose clock is the server's test clock (read
 * with an admin's headers), as a real browser's would be.
 */
export const openAsOnServerClock = (
  browser: Browser,
  account: LocalAccount,
  server: E2EEnv,
  admin: Record<string, string>,
): Promise<Page> =>
  openAs(browser, account, server, { prepare: (context) => alignBrowserClock(context, server, admin) });
