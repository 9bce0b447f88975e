/**
 * The screenshot tour: every page of the app at 390×844 for a human look, in the locales given on the command
 * line (default: en zh-Hant ja th). `npm run screenshots` (builds, then writes to /tmp/agc-screens), or
 * `node --import ./scripts/node20-polyfills.mjs --import tsx e2e/scripts/screenshots.ts [out-dir] [locales...]` after
 * a build. Starts its own server like the e2e tests; writes <out-dir>/<locale>-<screen>.png. The launchpad, simple-earn and
 * exchange screens are in earn-launchpad-exchange-screens.ts.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { devAccount } from '@agc/contracts';
import { parseAmount } from '@agc/shared';
import { chromium, type Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import config from '../playwright.config.ts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { buyProduct, fund, payFrom } from '../support/fund.ts';
import globalSetup from '../support/global-setup.ts';
import globalTeardown from '../support/global-teardown.ts';
import { connectAndWaitForHome } from '../support/sign-up.ts';
import { installTestWallet } from '../support/test-wallet.ts';
import {
  createCheapRound,
  earnLaunchpadExchangeScreens,
  TOUR_SETTINGS,
} from './earn-launchpad-exchange-screens.ts';

const [out = '/tmp/agc-screens', ...given] = process.argv.slice(2);
const locales = given.length ? given : ['en', 'zh-Hant', 'ja', 'th'];
mkdirSync(out, { recursive: true });

// A second admin (dev account 1) and a low threshold, so the audit page shows the two-approver states.
await globalSetup(
  undefined,
  {
    ADMIN_ADDRESSES: `${devAccount(0).address},${devAccount(1).address}`,
    WITHDRAW_SECOND_APPROVAL_USDT: '4',
    ...TOUR_SETTINGS,
  },
  1,
);
const env = readEnv();
const browser = await chromium.launch({
  executablePath: config.use?.launchOptions?.executablePath,
  args: config.use?.launchOptions?.args,
});
/** A phone-sized context (device scale 1 keeps the files small). */
const phoneContext = () =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
/** Saves the page as <out>/<locale>-<name>.png once its animations have settled. */
const shotOf = (page: Page, locale: string) => async (name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `${locale}-${name}.png`) });
};
try {
  const root = await apiSession(env.baseURL, devAccount(0));
  const code = root.me.invite_code;
  const cheapRound = await createCheapRound(env, root.headers);
  for (const locale of locales) {
    const context = await phoneContext();
    const page = await context.newPage();
    const account = privateKeyToAccount(generatePrivateKey());
    await installTestWallet(page, { account, rpcUrl: env.rpcUrl });
    await page.addInitScript((l) => {
      if (!localStorage.getItem('agc.lang.init')) {
        localStorage.setItem('agc.lang.init', '1');
        localStorage.setItem('lang', l);
      }
    }, locale);
    const shot = shotOf(page, locale);
    await page.goto(`${env.baseURL}/pages/login/index?code=${code}&side=left`);
    await shot('login');
    await page.getByTestId('login-connect').click();
    await page.waitForURL((u) => u.pathname === '/');
    await shot('home');
    for (const [i, name] of [
      [1, 'rewards'],
      [2, 'shop'],
      [3, 'account'],
    ] as const) {
      await page.getByTestId(`tab-${i}`).click();
      await shot(name);
    }
    // The checkout of an empty wallet: the shortfall, Confirm off; Cancel leaves no order.
    await page.getByTestId('tab-2').click();
    await page.getByTestId('shop-buy-1').click();
    await page.getByTestId('funds-short').waitFor();
    await shot('checkout-short');
    await page.getByTestId('checkout-close').click();
    await page.goto(`${env.baseURL}/pages/shop/paySuccess?order_id=999999`);
    await page.locator('[data-testid="pay-result"][data-state="notFound"]').waitFor();
    await shot('pay-result-unknown-order');
    // A purchase end to end: the checkout, the stepper, pay success, the order pages, home and hash rate.
    await fund(env, account.address);
    await page.goto(`${env.baseURL}/pages/shop/index`);
    await page.getByTestId('shop-buy-1').click();
    await page.getByTestId('order-quote').waitFor();
    await page.getByTestId('funds-usdt').waitFor();
    await shot('checkout');
    await page.getByTestId('order-confirm').click();
    await page.getByTestId('pay-stepper').waitFor();
    await shot('paying');
    await page.waitForURL((u) => u.pathname === '/pages/shop/paySuccess', { timeout: 60_000 });
    // Waiting for the chain, with the steps done (unless the confirmation was quicker than the page).
    if (
      await page
        .locator('[data-testid="pay-result"][data-state="waiting"]')
        .waitFor({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false)
    )
      await shot('pay-waiting');
    const orderId = new URL(page.url()).searchParams.get('order_id');
    await page.locator('[data-testid="order-status"][data-status="Success"]').waitFor({ timeout: 30_000 });
    await shot('pay-success');
    await page.goto(`${env.baseURL}/pages/shop/orderList`);
    await page.getByTestId(`order-item-${orderId}`).waitFor();
    await shot('order-list');
    await page.goto(`${env.baseURL}/pages/shop/shopOrderDetail?order_id=${orderId}`);
    await page.getByTestId('order-detail').waitFor();
    await shot('order-detail');
    await page.goto(`${env.baseURL}/`);
    await page.getByTestId('home-summary').waitFor();
    await shot('home-after-purchase');
    // Everything the app owes the member, by place, with the wallet's own tokens apart.
    await page.goto(`${env.baseURL}/pages/assets/index`);
    await page.getByTestId('assets-total-value').waitFor();
    await shot('assets');
    await page.goto(`${env.baseURL}/pages/index/hashRate`);
    await page.getByTestId('hashrate-summary').waitFor();
    await shot('hash-rate');
    await page.goto(`${env.baseURL}/pages/admin/auditOrder`);
    await shot('audit-order-member');

    // Bad input on the audit page: an order paid by another wallet, confirmed without a note.
    const owner = await apiSession(env.baseURL, devAccount(3));
    const created = await (
      await fetch(`${env.baseURL}/api/v1/order`, {
        method: 'POST',
        headers: { ...owner.headers, 'content-type': 'application/json', 'accept-language': locale },
        body: JSON.stringify({ product_id: 1 }),
      })
    ).json();
    await payFrom(env, devAccount(3), owner.headers, created.data.order_id, { cancelFirst: true });
    const admin = await phoneContext();
    const adminPage = await admin.newPage();
    const adminShot = shotOf(adminPage, locale);
    await installTestWallet(adminPage, { account: devAccount(0), rpcUrl: env.rpcUrl, startChainId: 42161 });
    await adminPage.addInitScript((l) => localStorage.setItem('lang', l), locale);
    await connectAndWaitForHome(adminPage, `${env.baseURL}/pages/login/index`);
    await adminPage.goto(`${env.baseURL}/pages/my/index`);
    await adminPage.getByTestId('banners').waitFor();
    await adminShot('account-admin');
    await adminPage.goto(`${env.baseURL}/pages/admin/analytics`);
    await adminShot('analytics-admin');
    await adminPage.goto(`${env.baseURL}/pages/admin/auditOrder`);
    const card = adminPage.getByTestId(`audit-order-${created.data.order_id}`);
    await card.getByTestId('audit-reason').waitFor({ timeout: 20_000 });
    await card.getByTestId('audit-confirm').click();
    await card.getByTestId('audit-note-required').waitFor();
    await adminShot('audit-note-required');
    await adminPage.goto(`${env.baseURL}/pages/admin/rewardDistribution`);
    await adminPage.getByTestId('settlement-preview').waitFor();
    await adminShot('reward-distribution-admin');

    // Withdrawals: an invitee's purchase earns the member a referral; the form (required message, minimum,
    // fee), the confirmation, success, the audit page, the list with Claim, the detail.
    const me = await apiSession(env.baseURL, account);
    const invitee = privateKeyToAccount(generatePrivateKey());
    const inviteeSession = await apiSession(env.baseURL, invitee, { code: me.me.invite_code, side: 'left' });
    await fund(env, invitee.address);
    await buyProduct(env, invitee, inviteeSession.headers);
    await page.goto(`${env.baseURL}/pages/withdrawal/index`);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-amount-error').waitFor();
    await shot('withdrawal-required');
    await page.getByTestId('withdraw-amount').fill('0.5'); // under the asset's minimum (1 by default)
    await page.getByTestId('withdraw-minimum').waitFor();
    await shot('withdrawal-minimum');
    await page.getByTestId('withdraw-amount').fill('5');
    await page.getByTestId('withdraw-received').waitFor();
    await shot('withdrawal-fee');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm').waitFor();
    await shot('withdrawal-confirm');
    await page.locator('.adm-modal .adm-modal-button-primary').click();
    await page.waitForURL((u) => u.pathname === '/pages/withdrawal/withdrawalSunccess');
    await shot('withdrawal-success');
    const [request] = (await (await fetch(`${env.baseURL}/api/v1/withdraws`, { headers: me.headers })).json())
      .data.list;
    await adminPage.goto(`${env.baseURL}/pages/admin/audit`);
    const audit = adminPage.getByTestId(`withdraw-audit-item-${request.id}`);
    await audit.waitFor();
    await adminShot('withdraw-audit');
    await audit.getByTestId('withdraw-audit-reject').click();
    await adminShot('withdraw-audit-reason-required');
    // 5 USDT is above the threshold of 4: this approval is the first of two.
    await audit.getByTestId('withdraw-audit-approve').click();
    await adminPage.getByTestId('withdraw-audit-confirm-two').waitFor();
    await adminShot('withdraw-audit-confirm-two');
    await adminPage.getByTestId('withdraw-audit-confirm-ok').click();
    await audit.getByTestId('withdraw-audit-first-approval').waitFor();
    await adminShot('withdraw-audit-first-approval');
    // The second admin approves (through the API): Withdrawable.
    const second = await apiSession(env.baseURL, devAccount(1));
    await fetch(`${env.baseURL}/api/v1/admin/withdraws/${request.id}/approve`, {
      method: 'POST',
      headers: { ...second.headers, 'content-type': 'application/json' },
      body: '{}',
    });
    await page.goto(`${env.baseURL}/pages/withdrawal/list`);
    await page.getByTestId(`withdraw-item-${request.id}`).getByTestId('withdraw-claim').waitFor();
    await shot('withdrawal-list');
    await page.goto(`${env.baseURL}/pages/withdrawal/detail?withdraw_id=${request.id}`);
    await page.getByTestId('withdraw-detail-status').waitFor();
    await shot('withdrawal-detail');
    // Revoking the approved withdrawal: the reason is required, then the vault's cancel is on its way.
    await adminPage.goto(`${env.baseURL}/pages/admin/audit`);
    await adminPage.getByTestId('withdraw-audit-tab-Withdrawable').click();
    const approved = adminPage.getByTestId(`withdraw-audit-item-${request.id}`);
    await approved.getByTestId('withdraw-audit-revoke').click();
    await approved.getByTestId('withdraw-audit-reason-required').waitFor();
    await adminShot('withdraw-audit-revoke-required');
    await approved.getByTestId('withdraw-audit-note').locator('textarea').fill('Sent to the wrong wallet');
    await approved.getByTestId('withdraw-audit-revoke').click();
    await adminPage.getByTestId('withdraw-audit-confirm').waitFor();
    await adminShot('withdraw-audit-revoke-confirm');
    await adminPage.getByTestId('withdraw-audit-confirm-ok').click();
    await approved.getByTestId('withdraw-audit-revoking').waitFor();
    await adminPage.waitForTimeout(200); // the confirmation's closing animation takes longer
    await adminShot('withdraw-audit-revoking');
    // Once the chain shows the cancellation, the member's withdrawal is Rejected with the reason.
    for (let i = 0; i < 20; i++) {
      await page.goto(`${env.baseURL}/pages/withdrawal/detail?withdraw_id=${request.id}`);
      await page.getByTestId('withdraw-detail-status').waitFor();
      if (await page.getByTestId('withdraw-detail-reason').isVisible()) break;
      await page.waitForTimeout(1000);
    }
    await page.getByTestId('withdraw-detail-reason').waitFor();
    await shot('withdrawal-revoked');
    // The invite tree with the member's invitee below, and its search without an address.
    await page.goto(`${env.baseURL}/pages/my/invite/inviteTree`);
    await page.locator('[data-testid^="tree-node-"]').first().waitFor();
    await shot('invite-tree');
    await page.getByTestId('tree-search-submit').click();
    await page.getByTestId('tree-search-message').waitFor();
    await shot('invite-tree-search-required');
    await page.getByTestId('tree-expand-all').click();
    await page.waitForTimeout(800);
    await shot('invite-tree-expanded');

    // The member's rewards (the invitee's purchase paid a referral) and one reward's detail.
    await page.goto(`${env.baseURL}/pages/rewardList/index`);
    const reward = page.locator('[data-testid^="reward-item-"]').first();
    await reward.waitFor();
    await shot('reward-list');
    await reward.click();
    await page.waitForURL((u) => u.pathname === '/pages/rewardList/detail');
    await page.waitForTimeout(300);
    await shot('reward-detail');

    // Funds: the list, a fund's page with its NAV chart, the purchase sheet, paying, the order waiting for its NAV;
    // an admin publishes the NAV (+1 %: no second admin), then the holding, its redeem button before the lock
    // end, holdings, bills, the agent tab and the admin's fund pages; home's Fund card.
    await page.goto(`${env.baseURL}/pages/found/home`);
    const firstFund = page.locator('[data-testid^="fund-product-"]').first();
    await firstFund.waitFor();
    await shot('fund-products');
    await firstFund.click();
    await page.waitForURL((u) => u.pathname === '/pages/found/detail');
    await page.getByTestId('fund-nav-chart').waitFor();
    await shot('fund-detail');
    const fundId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByTestId('fund-subscribe').click();
    // Bad input first: not a whole multiple of the minimum.
    await page.getByTestId('fund-amount').fill('150');
    await page.getByTestId('fund-amount-message').waitFor();
    await shot('fund-sheet-not-multiple');
    await page.getByTestId('fund-amount').fill('100');
    await page.getByTestId('fund-quote-fee').waitFor();
    await page.getByTestId('fund-wallet-usdt').waitFor();
    await shot('fund-sheet');
    await page.getByTestId('fund-confirm').click();
    await page.waitForTimeout(300);
    await shot('fund-paying');
    await page.waitForURL((u) => u.pathname === '/pages/found/payResult', { timeout: 60_000 });
    await page.locator('[data-testid="fund-pay-result"][data-state="received"]').waitFor({ timeout: 30_000 });
    await shot('fund-pay-result');
    const fundOrderId = new URL(page.url()).searchParams.get('id');
    await page.goto(`${env.baseURL}/pages/found/my`);
    await page.getByTestId('fund-summary-in-progress').waitFor();
    await shot('fund-holdings-in-progress');
    await page.goto(`${env.baseURL}/pages/found/orderDetail?id=${fundOrderId}`);
    await page.getByTestId('fund-order-detail').waitFor();
    await shot('fund-order-processing');
    const product = (
      await (await fetch(`${env.baseURL}/api/v1/funds/products/${fundId}`, { headers: me.headers })).json()
    ).data;
    await adminPage.goto(`${env.baseURL}/pages/admin/funds`);
    const navCard = adminPage.getByTestId(`fund-nav-${fundId}`);
    await navCard.waitFor();
    await adminShot('admin-funds');
    // Bad input: a NAV of zero is refused on the form, nothing published.
    await navCard.getByTestId(`fund-nav-${fundId}-value`).fill('0');
    await navCard.getByTestId(`fund-nav-${fundId}-publish`).click();
    await navCard.getByTestId(`fund-nav-${fundId}-error`).waitFor();
    await navCard.scrollIntoViewIfNeeded();
    await adminShot('admin-fund-nav-zero');
    const e8 = (parseAmount(product.nav, 8) * 101n) / 100n;
    await navCard
      .getByTestId(`fund-nav-${fundId}-value`)
      .fill(`${e8 / 10n ** 8n}.${(e8 % 10n ** 8n).toString().padStart(8, '0')}`);
    await navCard.getByTestId(`fund-nav-${fundId}-publish`).click();
    await adminPage.waitForTimeout(1_000);
    await navCard.scrollIntoViewIfNeeded();
    await adminShot('admin-fund-nav-published');
    await adminPage.goto(`${env.baseURL}/pages/admin/fundRedemptions`);
    await adminPage.waitForTimeout(800);
    await adminShot('admin-fund-redemptions');
    await page.goto(`${env.baseURL}/pages/found/orderDetail?id=${fundOrderId}`);
    await page.getByTestId('fund-order-detail').waitFor();
    await shot('fund-order-detail');
    for (const [path, name] of [
      ['/pages/found/my', 'fund-holdings'],
      ['/pages/found/bills', 'fund-bills'],
      ['/pages/found/foundIncome/index', 'fund-earnings'],
    ] as const) {
      await page.goto(`${env.baseURL}${path}`);
      await page.waitForTimeout(800);
      await shot(name);
    }
    // Simple earn, the launchpad, the exchange center, home's entries, the account page's banners. They
    // spend about 6 USDT of the member's available; a second invitee's purchase tops it up when it is short.
    const { available_usdt } = (
      await (await fetch(`${env.baseURL}/api/v1/earn/summary`, { headers: me.headers })).json()
    ).data;
    if (parseAmount(available_usdt, 6) < parseAmount('7', 6)) {
      const topUp = privateKeyToAccount(generatePrivateKey());
      const topUpSession = await apiSession(env.baseURL, topUp, { code: me.me.invite_code, side: 'right' });
      await fund(env, topUp.address);
      await buyProduct(env, topUp, topUpSession.headers);
    }
    await earnLaunchpadExchangeScreens({
      env,
      page,
      shot,
      memberHeaders: me.headers,
      adminPage,
      adminShot,
      cheapRound,
    });
    // The admin's roles, audit log, solvency and proof-of-liabilities pages (analytics is above).
    for (const [path, name] of [
      ['/pages/admin/roles', 'admin-roles'],
      ['/pages/admin/auditLog', 'admin-audit-log'],
      ['/pages/admin/solvency', 'admin-solvency'],
      ['/pages/admin/proofs', 'admin-proofs'],
    ] as const) {
      await adminPage.goto(`${env.baseURL}${path}`);
      await adminPage.waitForTimeout(1_500);
      await adminShot(name);
    }
    await admin.close();
    await page.goto(`${env.baseURL}/`);
    await page.getByTestId('home-fund-card').waitFor();
    await page.getByTestId('home-fund-card').scrollIntoViewIfNeeded();
    await shot('home-fund-card');

    for (const [path, name] of [
      ['/pages/shop/paySuccess', 'pay-result-no-order'],
      ['/pages/admin/analytics', 'analytics-member'],
      ['/pages/localWallet/transaction', 'local-wallet-send'],
      ['/pages/localWallet/result', 'local-wallet-result'],
      ['/pages/localWallet/list', 'local-wallet-list'],
      ['/pages/localWallet/withdrawal', 'local-wallet-sweep'],
      ['/pages/my/selectLan/index', 'language'],
      ['/pages/my/invite/index', 'invite'],
      ['/pages/index/team_user', 'team-user'],
      ['/pages/admin/rewardDistribution', 'reward-distribution-member'],
      ['/pages/admin/roles', 'admin-roles-member'],
      ['/pages/admin/solvency', 'admin-solvency-member'],
      ['/pages/localWallet/index', 'local-wallet'],
      ['/no/such/page', 'not-found'],
    ] as const) {
      await page.goto(`${env.baseURL}${path}`);
      await shot(name);
    }
    // Log out everywhere asks first (Cancel: the session goes on).
    await page.goto(`${env.baseURL}/pages/my/index`);
    await page.getByTestId('menu-logout-all').click();
    await page.getByTestId('logout-all-confirm').waitFor();
    await shot('logout-all-confirm');
    await page.locator('.adm-modal .adm-modal-button:not(.adm-modal-button-primary)').click();
    await context.close();
  }
} finally {
  await browser.close();
  await globalTeardown(undefined, 1);
}
console.log(`screenshots in ${out}`);
