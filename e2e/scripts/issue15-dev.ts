/**
 * Runs only the issue 15 part of the screenshot tour (issue15-screens.ts) for quick iteration:
 * `node --import ./scripts/node20-polyfills.mjs --import tsx e2e/scripts/issue15-dev.ts <out-dir> [locales...]`
 * after a build. A member with available USDT (an invitee's purchase paid a referral), the same server settings.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { devAccount } from '@agc/contracts';
import { chromium, type Page } from '@playwright/test';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import config from '../playwright.config.ts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { buyProduct, memberWithInvitee } from '../support/fund.ts';
import globalSetup from '../support/global-setup.ts';
import globalTeardown from '../support/global-teardown.ts';
import { connectAndWaitForHome } from '../support/sign-up.ts';
import { installTestWallet } from '../support/test-wallet.ts';
import { createCheapRound, issue15Screens, TOUR_SETTINGS } from './issue15-screens.ts';

const [out = '/tmp/agc-screens-15', ...given] = process.argv.slice(2);
const locales = given.length ? given : ['en'];
mkdirSync(out, { recursive: true });
await globalSetup(undefined, TOUR_SETTINGS);
const env = readEnv();
const browser = await chromium.launch({
  executablePath: config.use?.launchOptions?.executablePath,
  args: config.use?.launchOptions?.args,
});
const phone = () =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
const shotOf = (page: Page, locale: string) => async (name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `${locale}-${name}.png`) });
};
try {
  const cheapRound = await createCheapRound(env, (await apiSession(env.baseURL, devAccount(0))).headers);
  for (const locale of locales) {
    const member = privateKeyToAccount(generatePrivateKey());
    const invitee = privateKeyToAccount(generatePrivateKey());
    const signedUp = await memberWithInvitee(env, member, invitee, 'left');
    await buyProduct(env, member, signedUp.memberHeaders);
    await buyProduct(env, invitee, signedUp.inviteeHeaders);
    const open = async (account: LocalAccount) => {
      const page = await (await phone()).newPage();
      await installTestWallet(page, { account, rpcUrl: env.rpcUrl, startChainId: 42161 });
      await page.addInitScript((l) => localStorage.setItem('lang', l), locale);
      await connectAndWaitForHome(page, `${env.baseURL}/pages/login/index`);
      return page;
    };
    const page = await open(member);
    const adminPage = await open(devAccount(0));
    await issue15Screens({
      env,
      page,
      shot: shotOf(page, locale),
      memberHeaders: signedUp.memberHeaders,
      adminPage,
      adminShot: shotOf(adminPage, locale),
      cheapRound,
    });
    await page.context().close();
    await adminPage.context().close();
  }
} finally {
  await browser.close();
  await globalTeardown();
}
console.log(`screenshots in ${out}`);
