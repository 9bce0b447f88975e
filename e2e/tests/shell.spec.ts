import { devAccount } from '@agc/contracts';
import { expect, type Page, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { connectAndWaitForHome, LOGIN, signUp as signUpWith } from '../support/sign-up.ts';
import { installTestWallet } from '../support/test-wallet.ts';
import { webTexts } from '../support/texts.ts';

const env = readEnv();
const en = webTexts('en');
const ja = webTexts('ja');

test.use({ baseURL: env.baseURL });

let rootCode: string;
test.beforeAll(async () => {
  rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
});

const routeName = (page: Page) => page.locator('[data-route-name]').first().getAttribute('data-route-name');
const token = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

const signUp = (page: Page, side: 'left' | 'right' = 'left') => signUpWith(page, rootCode, side);

test('the guard sends visitors to login, keeps public pages open and names unknown pages', async ({
  page,
}) => {
  await page.goto('/');
  await page.waitForURL((u) => u.pathname === LOGIN);
  expect(await routeName(page)).toBe('login');
  await page.goto('/pages/shop/index?code=ABCDEFGH&side=right');
  await page.waitForURL((u) => u.pathname === LOGIN);
  // The invitation travels with the redirect.
  expect(new URL(page.url()).searchParams.get('code')).toBe('ABCDEFGH');
  await page.goto('/pages/localWallet/index');
  expect(await routeName(page)).toBe('localWallet');
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toHaveText('page `/no/such/page` is not found');
});

test('a new member signs up from an invite link: the chain is added and switched, then SIWE', async ({
  page,
}) => {
  const wallet = await signUp(page, 'right');
  expect(wallet.addedChains.map((c) => c.chainId)).toEqual(['0xa4b1']);
  expect(wallet.chainId()).toBe('0xa4b1');
  expect(wallet.calls).toContain('personal_sign');
  expect(await routeName(page)).toBe('home');
  await expect(page.getByTestId('nav-title')).toHaveText(en.app.title);
  const stored = await token(page);
  expect(stored).toBeTruthy();
  const me = await fetch(`${env.baseURL}/api/v1/me`, {
    headers: { authorization: `Bearer ${stored}`, 'x-wallet-address': wallet.account.address },
  });
  const body = await me.json();
  expect(body.code).toBe(200);
  expect(body.data.address).toBe(wallet.account.address.toLowerCase());
  await expect(page.getByTestId('home-address')).toBeVisible();
});

test('a deep link opened signed out lands on the page asked for after login, not home', async ({ page }) => {
  await installTestWallet(page, { account: devAccount(2), rpcUrl: env.rpcUrl, startChainId: 42161 });
  await page.goto('/pages/shop/orderList');
  await page.waitForURL((u) => u.pathname === LOGIN);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/pages/shop/orderList');
  await page.getByTestId('login-connect').click();
  const choice = page.getByText('Test Wallet');
  await Promise.race([
    page.waitForURL((u) => u.pathname === '/pages/shop/orderList', { timeout: 20_000 }),
    choice.waitFor({ timeout: 20_000 }).then(() => choice.click()),
  ]);
  await page.waitForURL((u) => u.pathname === '/pages/shop/orderList');
  // The URL moves before the lazy page (and its texts) has rendered: wait for the page, not the address bar.
  await expect(page.locator('[data-route-name="shopOrderList"]')).toBeVisible();
  expect(await token(page)).toBeTruthy();
  // An address outside the app is never followed.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto(`${LOGIN}?redirect=${encodeURIComponent('https://example.com/pages/shop/orderList')}`);
  await page.getByTestId('login-connect').click();
  await Promise.race([
    page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 }),
    choice.waitFor({ timeout: 20_000 }).then(() => choice.click()),
  ]);
  await page.waitForURL((u) => u.origin === new URL(env.baseURL).origin && u.pathname === '/');
});

test('a wallet that nests the unknown-chain error still gets the chain added', async ({ page }) => {
  const wallet = await installTestWallet(page, {
    account: devAccount(1),
    rpcUrl: env.rpcUrl,
    startChainId: 1,
    nestedUnknownChainError: true,
  });
  await connectAndWaitForHome(page);
  expect(wallet.addedChains.map((c) => c.chainId)).toEqual(['0xa4b1']);
});

test('tabs are switched to, never stacked, with the specified bar', async ({ page }) => {
  await signUp(page);
  const bar = page.getByTestId('tab-bar');
  await expect(bar).toHaveCSS('height', '65px');
  await expect(bar).toHaveCSS('background-color', 'rgb(62, 62, 62)');
  const depth = await page.evaluate(() => history.length);
  for (const [i, name, label] of [
    [1, 'detail', en.nav.rewards],
    [2, 'shop', en.nav.shop],
    [3, 'profile', en.nav.account],
    [0, 'home', en.nav.home],
  ] as const) {
    await page.getByTestId(`tab-${i}`).click();
    await expect(page.locator(`[data-route-name="${name}"]`)).toBeVisible();
    await expect(page.getByTestId(`tab-${i}`)).toContainText(label);
    await expect(page.getByTestId(`tab-${i}`)).toHaveCSS('color', 'rgb(255, 255, 255)');
  }
  await expect(page.getByTestId('tab-1')).toHaveCSS('color', 'rgb(136, 136, 136)');
  expect(await page.evaluate(() => history.length)).toBe(depth);
});

test('the language choice changes the interface and survives a reload', async ({ page }) => {
  await signUp(page);
  await page.getByTestId('tab-3').click();
  await page.getByText(en.my.menu.language).click();
  await page.getByTestId('lang-ja').click();
  await expect(page.getByTestId('nav-title')).toHaveText(ja.title.selectLan);
  await page.getByRole('button', { name: ja.nav.back }).click();
  await expect(page.getByTestId('tab-0')).toContainText(ja.nav.home);
  await page.reload();
  await expect(page.getByTestId('tab-0')).toContainText(ja.nav.home);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
});

test('an account change in the wallet forces a log-out', async ({ page }) => {
  const wallet = await signUp(page);
  await wallet.switchAccount(privateKeyToAccount(generatePrivateKey()));
  await expect(page.getByText(en.message.resLogin)).toBeVisible();
  await page.getByRole('button', { name: en.common.ok }).click();
  await page.waitForURL((u) => u.pathname === LOGIN);
  expect(await token(page)).toBeFalsy();
});

test('at start-up, a wallet on another account than the stored one prompts to log in again', async ({
  page,
}) => {
  const wallet = await signUp(page);
  wallet.useAccount(privateKeyToAccount(generatePrivateKey()));
  await page.reload();
  await expect(page.getByText(en.message.resLogin)).toBeVisible();
  await page.getByRole('button', { name: en.common.ok }).click();
  await page.waitForURL((u) => u.pathname === LOGIN);
});

test('a signed-in member on login goes home, and a 401 clears the session', async ({ page }) => {
  await signUp(page);
  await page.goto(LOGIN);
  await page.waitForURL((u) => u.pathname === '/');
  await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
  await page.reload();
  await page.waitForURL((u) => u.pathname === LOGIN);
  expect(await token(page)).toBeFalsy();
});

test('without a wallet extension the visitor is told so and signs up with the local wallet', async ({
  page,
}) => {
  await page.goto(`${LOGIN}?code=${rootCode}&side=left`);
  await page.getByTestId('login-connect').click();
  await expect(page.getByTestId('login-no-wallet')).toContainText(en.wallet.errors.notFound);
  await page.getByTestId('login-local-wallet').click();
  await page.waitForURL((u) => u.pathname === '/pages/localWallet/index');
  await page.getByTestId('local-mode-create').click();
  await page.getByTestId('local-password').fill('correct horse battery');
  await page.getByTestId('local-password-confirm').fill('correct horse battery');
  await page.getByTestId('local-submit').click();
  const address = (await page.getByTestId('local-address').textContent())?.trim() ?? '';
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  // Only ciphertext is stored: no private key in plain text anywhere in storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toMatch(/[0-9a-f]{64}(?![0-9a-f])/i);
  // "Use it to log in" signs in at once: no login page and no second tap in between.
  await page.getByTestId('local-use-login').click();
  await page.waitForURL((u) => u.pathname === '/');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await (
    await fetch(`${env.baseURL}/api/v1/me`, {
      headers: { authorization: `Bearer ${token}`, 'x-wallet-address': address },
    })
  ).json();
  expect(me.data.address).toBe(address.toLowerCase());
});
