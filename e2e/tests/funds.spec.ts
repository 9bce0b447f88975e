import { devAccount } from '@agc/contracts';
import { type FundOrder, type FundProduct, parseAmount, USDT_DECIMALS } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { expect, type Page, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiData, apiSession } from '../support/api.ts';
import { DAY_MS, dayKey, moveServerClock, serverNow, tomorrowStart } from '../support/clock.ts';
import type { E2EEnv } from '../support/env.ts';
import { fund } from '../support/fund.ts';
import { startServer, stopServer } from '../support/server.ts';
import { openAsOnServerClock } from '../support/sign-up.ts';

// A fund's whole life in the browser: a member subscribes with the wallet (approve + pay on chain), an admin
// publishes the day's NAV on the admin page, the holding shows its units and value; the clock passes the lock
// end, the member redeems everything, an admin approves, the next NAV is published, the redemption is Completed
// and the member's available balance grew by exactly what the NAV and the fee say.
//
// Its own server with a test clock (TEST_CLOCK), so moving the clock touches no other spec.

const { D, START } = tomorrowStart();
const NAV_ONE = 10n ** 8n;
const PPM = 1_000_000n;

type Headers = Record<string, string>;
const member = privateKeyToAccount(generatePrivateKey());
const admin = devAccount(0);
let server: E2EEnv;
let adminHeaders: Headers;
let memberHeaders: Headers;
let product: FundProduct;

/** A NAV text with 8 decimals from its e8 integer. */
const navText = (e8: bigint) => `${e8 / NAV_ONE}.${(e8 % NAV_ONE).toString().padStart(8, '0')}`;
const navE8 = (text: string) => parseAmount(text, 8);
const usdtUnits = (text: string) => parseAmount(text, USDT_DECIMALS);
const ppmOf = (percent: string) => parseAmount(percent, 4);
const feeOf = (amount: bigint, ppm: bigint) => (amount * ppm + PPM - 1n) / PPM;

/**
 * Publishes `nav` for the admin page's default day (the product's next NAV day), through the confirmation that shows
 * the change in percent and says it is published at once, and expects it Published.
 */
async function publishNav(page: Page, nav: bigint, priced: RegExp) {
  await page.goto('/pages/admin/funds');
  const card = page.getByTestId(`fund-nav-${product.id}`);
  await card.getByTestId(`fund-nav-${product.id}-value`).fill(navText(nav));
  await card.getByTestId(`fund-nav-${product.id}-publish`).click();
  const modal = page.locator('.adm-modal');
  await expect(modal.getByTestId('fund-nav-change-step')).toContainText('%');
  await expect(modal.getByTestId('fund-nav-change-outcome')).toHaveAttribute('data-review', '');
  await modal.getByRole('button', { name: 'Publish' }).click();
  const result = card.getByTestId('fund-nav-result');
  await expect(result).toHaveAttribute('data-status', 'Published');
  await expect(result).toContainText(priced);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ TEST_CLOCK: START.toISOString() });
  const root = await apiSession(server.baseURL, admin);
  adminHeaders = root.headers;
  memberHeaders = (await apiSession(server.baseURL, member, { code: root.me.invite_code, side: 'left' }))
    .headers;
  await fund(server, member.address);
  // The demo funds: take the one with the shortest lock.
  const { list } = await apiData<{ list: FundProduct[] }>(server, memberHeaders, 'funds/products');
  product = defined([...list].sort((a, b) => a.lock_days - b.lock_days)[0]);
  expect(product.nav).not.toBeNull();
  expect(product.next_nav_day).toBe(D);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

test('subscribe with the wallet, NAV, holding, lock end, redeem, approve, NAV, Completed, available grows', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const minimum = product.minimum_usdt;
  const amount = usdtUnits(minimum);

  // 1. The member subscribes the minimum on the fund's page: approve USDT, pay, both from the wallet.
  const page = await openAsOnServerClock(browser, member, server, adminHeaders);
  await page.goto(`/pages/found/detail?id=${product.id}`);
  await expect(page.getByTestId('fund-detail-name')).toHaveText(product.name);
  await page.getByTestId('fund-subscribe').click();
  await page.getByTestId('fund-amount').fill(minimum.replace(/\.0+$/, ''));
  await expect(page.getByTestId('fund-quote-nav-day')).toHaveText(D);
  await page.getByTestId('fund-confirm').click();
  // The result page says what happened and follows the payment until the watcher reads it.
  await page.waitForURL((u) => u.pathname === '/pages/found/payResult', { timeout: 60_000 });
  const orderId = defined(new URL(page.url()).searchParams.get('id'));
  expect(orderId).toMatch(/^\d+$/);
  const order = () => apiData<FundOrder>(server, memberHeaders, `funds/orders/${orderId}`);
  // The watcher reads the payment: Processing, priced at the NAV of D.
  await expect.poll(async () => (await order()).status, { timeout: 30_000 }).toBe('Processing');
  await expect(page.getByTestId('fund-pay-result')).toHaveAttribute('data-state', 'received', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('fund-pay-result-text')).toContainText(D.replaceAll('-', '\u2011'));
  await page.goto(`/pages/found/orderDetail?id=${orderId}`);
  await expect(page.getByTestId('fund-order-priced-at')).toContainText(D);

  // 2. An admin publishes D's NAV (1 % above the last one: no second admin needed).
  const nav1 = (navE8(defined(product.nav)) * 101n) / 100n;
  const adminPage = await openAsOnServerClock(browser, admin, server, adminHeaders);
  await publishNav(adminPage, nav1, /1/);

  // 3. The holding: units = (amount − fee) / NAV rounded down, value = units × NAV rounded down.
  const fee = feeOf(amount, ppmOf(product.subscription_fee_percent));
  const units = ((amount - fee) * NAV_ONE) / nav1;
  const held = await order();
  expect(held.status).toBe('Subscription');
  expect(usdtUnits(held.units)).toBe(units);
  expect(usdtUnits(held.value_usdt)).toBe((units * nav1) / NAV_ONE);
  await page.reload();
  await expect(page.getByTestId('fund-order-detail-units')).toContainText(
    (Number(units) / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 }),
  );
  await expect(page.getByTestId('fund-order-redeem')).toBeDisabled();
  await expect(page.getByTestId('fund-order-locked')).toBeVisible();

  // 4. Past the lock end: the member redeems every unit; the request waits in the queue for the next NAV.
  const after = new Date(Date.parse(defined(held.lock_ends_at)) + DAY_MS / 24);
  await moveServerClock(server, adminHeaders, after);
  const today = dayKey(await serverNow(server, adminHeaders));
  memberHeaders = (await apiSession(server.baseURL, member)).headers;
  const availableBefore = usdtUnits(
    (await apiData<{ available_profit: string }>(server, memberHeaders, 'me')).available_profit,
  );
  const page2 = await openAsOnServerClock(browser, member, server, adminHeaders);
  await page2.goto(`/pages/found/orderDetail?id=${orderId}`);
  await page2.getByTestId('fund-order-redeem').click();
  await page2.getByTestId('fund-redeem-max').click();
  await page2.getByTestId('fund-redeem-submit').click();
  await page2.locator('.adm-modal').getByRole('button', { name: 'OK' }).click();
  await expect.poll(async () => (await order()).redemptions.length, { timeout: 15_000 }).toBe(1);
  const pending = defined((await order()).redemptions[0]);
  await expect(
    page2.getByTestId(`fund-redemption-${pending.redemption_id}`).getByTestId('fund-redemption-queue'),
  ).toBeVisible();
  expect(pending.status).toBe('Pending');
  expect(pending.queue_place).toBe(1);
  expect(pending.nav_day).toBe(today);
  expect(usdtUnits(pending.units)).toBe(units);

  // 5. An admin approves it on the redemption queue, then publishes today's NAV, which completes it.
  const adminPage2 = await openAsOnServerClock(browser, admin, server, adminHeaders);
  await adminPage2.goto('/pages/admin/fundRedemptions');
  const card = adminPage2.getByTestId(`fund-admin-redemption-${pending.redemption_id}`);
  await card.getByTestId('fund-admin-redemption-approve').click();
  await adminPage2.locator('.adm-modal').getByRole('button', { name: 'OK' }).click();
  await expect(card).toBeHidden();
  const nav2 = (nav1 * 102n) / 100n;
  await publishNav(adminPage2, nav2, /1/);

  // 6. Completed at nav2: gross rounded down, fee rounded up, the rest credited to available.
  const done = await order();
  expect(done.status).toBe('Redeemed');
  const r = defined(done.redemptions[0]);
  expect(r.status).toBe('Completed');
  const gross = (units * nav2) / NAV_ONE;
  const redemptionFee = feeOf(gross, ppmOf(product.redemption_fee_percent));
  expect(usdtUnits(defined(r.amount_usdt))).toBe(gross - redemptionFee);
  const availableAfter = usdtUnits(
    (await apiData<{ available_profit: string }>(server, memberHeaders, 'me')).available_profit,
  );
  expect(availableAfter - availableBefore).toBe(gross - redemptionFee);
  await page2.reload();
  await expect(page2.getByTestId('fund-order-detail-status')).toContainText(/Redeemed/);
});
