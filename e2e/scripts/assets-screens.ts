/**
 * The Assets view and the login page without a wallet, at 390×844, for a human look:
 * `node --import ./scripts/node20-polyfills.mjs --import tsx e2e/scripts/assets-screens.ts [out-dir] [locales...]`
 * after a build (default: the screenshot tour's folder, en zh-Hant). Writes <out-dir>/<locale>-assets.png,
 * <locale>-home-assets-link.png, <locale>-login-phone-no-wallet.png, <locale>-login-desktop-no-wallet.png and
 * <locale>-redeem-queue.png (the demo holding's redemption sheet).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { devAccount } from '@agc/contracts';
import { chromium, type Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import config from '../playwright.config.ts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { buyProduct, fund } from '../support/fund.ts';
import globalSetup from '../support/global-setup.ts';
import globalTeardown from '../support/global-teardown.ts';
import { connectAndWaitForHome } from '../support/sign-up.ts';
import { installTestWallet } from '../support/test-wallet.ts';

const [out = '/tmp/agc-screens', ...given] = process.argv.slice(2);
const locales = given.length ? given : ['en', 'zh-Hant'];
mkdirSync(out, { recursive: true });
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

await globalSetup(undefined, {}, 1);
const env = readEnv();
const browser = await chromium.launch({
  executablePath: config.use?.launchOptions?.executablePath,
  args: config.use?.launchOptions?.args,
});
const context = (phone: boolean) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
    ...(phone && { userAgent: IPHONE }),
  });
const inLocale = (page: Page, locale: string) =>
  page.addInitScript((l) => localStorage.setItem('lang', l), locale);
const post = async (url: string, headers: Record<string, string>, body: object) => {
  const res = await (
    await fetch(`${env.baseURL}/api/v1/${url}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();
  if (res.code !== 200) throw new Error(`${url}: ${JSON.stringify(res)}`);
  return res.data;
};

try {
  const root = await apiSession(env.baseURL, devAccount(0));
  const code = root.me.invite_code;
  // Dev account 1 (the demo's fund holder, past its lock) with money in every other place too: it invests (rewards
  // need remaining dividends), a new invitee's purchase pays it a referral (USDT and AGC); some goes to simple earn,
  // some is being withdrawn; the wallet holds its own tokens.
  const member = devAccount(1);
  const session = await apiSession(env.baseURL, member);
  await buyProduct(env, member, session.headers);
  const invitee = privateKeyToAccount(generatePrivateKey());
  const inviteeSession = await apiSession(env.baseURL, invitee, {
    code: session.me.invite_code,
    side: 'left',
  });
  await fund(env, invitee.address);
  await buyProduct(env, invitee, inviteeSession.headers);
  await post('earn/transfer-in', session.headers, { amount: '2' });
  await post('withdraw', session.headers, { amount: '1', type: 1 });
  const holdings = await (
    await fetch(`${env.baseURL}/api/v1/funds/orders`, { headers: session.headers })
  ).json();
  const holding = holdings.data.list[0].order_id as string;

  for (const locale of locales) {
    const phone = await context(true);
    const page = await phone.newPage();
    await inLocale(page, locale);
    await page.goto(`${env.baseURL}/pages/login/index?code=${code}&side=left`);
    await page.getByTestId('login-open-in').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `${locale}-login-phone-no-wallet.png`), fullPage: true });
    await phone.close();

    const desktop = await context(false);
    const dpage = await desktop.newPage();
    await inLocale(dpage, locale);
    await dpage.goto(`${env.baseURL}/pages/login/index?code=${code}&side=left`);
    await dpage.getByTestId('login-install-extension').waitFor();
    await dpage.waitForTimeout(400);
    await dpage.screenshot({ path: join(out, `${locale}-login-desktop-no-wallet.png`), fullPage: true });
    await desktop.close();

    const signed = await context(true);
    const mpage = await signed.newPage();
    await installTestWallet(mpage, { account: member, rpcUrl: env.rpcUrl, startChainId: 42161 });
    await inLocale(mpage, locale);
    await connectAndWaitForHome(mpage, `${env.baseURL}/pages/login/index`);
    await mpage.getByTestId('home-assets-link').waitFor();
    await mpage.screenshot({ path: join(out, `${locale}-home-assets-link.png`) });
    await mpage.getByTestId('home-assets-link').click();
    await mpage.getByTestId('assets-total').waitFor();
    await mpage.getByTestId('assets-wallet-usdt').waitFor();
    await mpage.waitForTimeout(400);
    await mpage.screenshot({ path: join(out, `${locale}-assets.png`), fullPage: true });
    // The demo holding's redemption sheet: the estimate and where a request made now would stand.
    await mpage.goto(`${env.baseURL}/pages/found/orderDetail?id=${holding}`);
    await mpage.getByTestId('fund-order-redeem').click();
    await mpage.getByTestId('fund-redeem-max').click();
    await mpage.getByTestId('fund-redeem-queue').waitFor();
    await mpage.waitForTimeout(400);
    await mpage.screenshot({ path: join(out, `${locale}-redeem-queue.png`) });
    await signed.close();
  }
} finally {
  await browser.close();
  await globalTeardown(undefined, 1);
}
console.log(`screenshots in ${out}`);
