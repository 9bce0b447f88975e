// Lighthouse-style accessibility checks of the built app in Chromium at 390×844: every control has an
// accessible name, text contrast meets WCAG AA, and the tab bar and primary buttons are at least 44 px tall
// and wide. English and Thai (the longest texts). The figures of every page are printed for the notes. The one
// contrast let through is the spec's own tab bar colours (#888888 on #3e3e3e, 3.0:1), reported in its own column.
import { devAccount } from '@agc/contracts';
import { type Page, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type A11yReport, auditPage, expectClean, settle } from '../support/a11y.ts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { buyProduct, fund } from '../support/fund.ts';
import { LOGIN, signUp } from '../support/sign-up.ts';

const env = readEnv();
test.use({ baseURL: env.baseURL });

/** The member's pages checked, each with an element that says it has loaded. */
const MEMBER_PAGES: { name: string; path: string; ready: string }[] = [
  { name: 'home', path: '/', ready: 'home-summary' },
  { name: 'rewards', path: '/pages/rewardList/index', ready: 'tab-bar' },
  { name: 'shop', path: '/pages/shop/index', ready: 'tab-bar' },
  { name: 'account', path: '/pages/my/index', ready: 'tab-bar' },
  { name: 'hash rate', path: '/pages/index/hashRate', ready: 'hashrate-summary' },
  { name: 'order list', path: '/pages/shop/orderList', ready: 'nav-title' },
  { name: 'withdrawal', path: '/pages/withdrawal/index', ready: 'withdraw-submit' },
  { name: 'withdrawal list', path: '/pages/withdrawal/list', ready: 'nav-title' },
  { name: 'invite', path: '/pages/my/invite/index', ready: 'invite-code' },
  { name: 'team', path: '/pages/index/team_user', ready: 'nav-title' },
  { name: 'language', path: '/pages/my/selectLan/index', ready: 'nav-title' },
];

/** Waits for the page's content, then for skeletons and animations to settle. */
async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await page.getByTestId(ready).first().waitFor();
  await settle(page);
}

const figures: Record<string, string>[] = [];
function record(locale: string, name: string, report: A11yReport) {
  const taps = report.tapTargets.map((t) => Math.min(t.width, t.height));
  figures.push({
    locale,
    page: name,
    'axe rules passed': String(report.rulesPassed),
    violations: String(report.violations.length),
    'named controls': `${report.namedControls}/${report.namedControls + report.unnamedControls}`,
    'min contrast': report.minContrast == null ? '-' : report.minContrast.toFixed(2),
    'tab bar (spec)': report.specTabBarContrast == null ? '-' : report.specTabBarContrast.toFixed(2),
    'min tap px': taps.length ? Math.min(...taps).toFixed(0) : '-',
  });
}

test.afterAll(() => {
  console.table(figures);
});

for (const locale of ['en', 'th']) {
  test(`accessibility of the member's pages in ${locale}: names, contrast, tap targets`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((l) => localStorage.setItem('lang', l), locale);
    const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
    const account = privateKeyToAccount(generatePrivateKey());
    await signUp(page, rootCode, 'left', account);
    // A purchase, so the lists and the hash rate have content.
    await fund(env, account.address);
    await buyProduct(env, account, (await apiSession(env.baseURL, account)).headers);

    for (const { name, path, ready } of MEMBER_PAGES) {
      await open(page, path, ready);
      const report = await auditPage(page);
      record(locale, name, report);
      expectClean(report, `${locale} ${name}`);
    }
  });

  test(`accessibility of the signed-out pages in ${locale}: login and the local wallet`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('lang', l), locale);
    for (const [name, path, ready] of [
      ['login', LOGIN, 'login-connect'],
      ['local wallet', '/pages/localWallet/index', 'nav-title'],
    ] as const) {
      await open(page, path, ready);
      const report = await auditPage(page);
      record(locale, name, report);
      expectClean(report, `${locale} ${name}`);
    }
  });
}
