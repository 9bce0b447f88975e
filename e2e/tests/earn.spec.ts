import { devAccount } from '@agc/contracts';
import {
  type EarnMovement,
  type EarnSummary,
  formatDisplayAmount,
  parseAmount,
  USDT_DECIMALS,
} from '@agc/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { auditPage, expectClean } from '../support/a11y.ts';
import { apiData, apiSession } from '../support/api.ts';
import { DAY_MS, dayKey, moveServerClock, tomorrowStart } from '../support/clock.ts';
import type { E2EEnv } from '../support/env.ts';
import { buyProduct, memberWithInvitee } from '../support/fund.ts';
import { startServer, stopServer } from '../support/server.ts';
import { openAsOnServerClock } from '../support/sign-up.ts';
import { en, webTexts } from '../support/texts.ts';

// Simple earn in the browser: a member with available USDT (a referral reward) transfers in from home's entry;
// the clock passes a whole day held and the daily interest job pays it: yesterday income shows on the page.
// A transfer out below the fast limit says when it arrives before the member confirms, shows Pending with the
// countdown, the clock moves past its arrival, the page turns to Arrived, and available grew by exactly the amount.
//
// Its own server with a test clock (TEST_CLOCK), so moving the clock touches no other spec.

/** Tomorrow, 00:10 UTC: the transfer in lands early on day D, D + 1 is its first full day. */
const { START } = tomorrowStart();

type Headers = Record<string, string>;
const member = privateKeyToAccount(generatePrivateKey());
const invitee = privateKeyToAccount(generatePrivateKey());
let server: E2EEnv;
let adminHeaders: Headers;
let memberHeaders: Headers;

const api = <T>(path: string) => apiData<T>(server, memberHeaders, path);
const summary = () => api<EarnSummary>('earn/summary');
const usdt = (text: string) => parseAmount(text, USDT_DECIMALS);
/** The page's display of a USDT amount (2–4 decimals). */
const shown = (value: string) => formatDisplayAmount(value, { currency: 'USDT' });

const openAs = (browser: Browser): Promise<Page> =>
  openAsOnServerClock(browser, member, server, adminHeaders);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ TEST_CLOCK: START.toISOString() });
  adminHeaders = (await apiSession(server.baseURL, devAccount(0))).headers;
  const signedUp = await memberWithInvitee(server, member, invitee, 'left');
  memberHeaders = signedUp.memberHeaders;
  // The member buys, then its invitee: the referral reward makes the member's available USDT.
  await buyProduct(server, member, memberHeaders);
  await buyProduct(server, invitee, signedUp.inviteeHeaders);
  expect(usdt((await summary()).available_usdt)).toBeGreaterThan(0n);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

test('transfer in from home, a day held, yesterday income shows', async ({ browser }) => {
  test.setTimeout(180_000);
  const before = await summary();
  const page = await openAs(browser);
  await page.getByTestId('home-entry-earn').click();
  await page.waitForURL((u) => u.pathname === '/pages/easyEarn/index');
  await expect(page.getByTestId('earn-apy')).toHaveText(`Up to ${before.apy_percent}% APY`);
  await expect(page.getByTestId('earn-total-holding')).toHaveText(shown('0'));

  await page.getByTestId('earn-transfer-in').click();
  await page.waitForURL((u) => u.pathname === '/pages/easyEarn/transferIn');
  // The spec's messages, nothing sent.
  await page.getByTestId('earn-submit').click();
  await expect(page.getByTestId('earn-amount-error')).toHaveText(en.earn.errors.amount_required);
  await page.getByTestId('earn-amount').fill('abc');
  await expect(page.getByTestId('earn-amount-error')).toHaveText(en.earn.errors.amount_invalid);
  // 'All' fills the available USDT, every digit.
  await page.getByTestId('earn-fill').click();
  await expect(page.getByTestId('earn-amount')).toHaveValue(before.available_usdt);
  await page.getByTestId('earn-submit').click();
  // Money moves: a confirmation with the APY and the day it starts earning.
  await expect(page.getByTestId('earn-confirm-in-text')).toContainText(`${(await summary()).apy_percent}%`);
  await page.locator('.adm-modal').getByRole('button', { name: en.earn.confirmIn.ok }).click();
  await expect(page.getByText(en.earn.toast.in)).toBeVisible();
  await page.waitForURL((u) => u.pathname === '/pages/easyEarn/index');
  await expect(page.getByTestId('earn-total-holding')).toHaveText(shown(before.available_usdt));
  expect((await summary()).total_holding_usdt).toBe(before.available_usdt);
  await expect(page.getByTestId('earn-yesterday-income')).toHaveText(shown('0'));

  // Day D + 1 held whole; early on D + 2 the interest job pays D and D + 1 (D's interest: none, money
  // transferred in earns from the next full day).
  await moveServerClock(server, adminHeaders, new Date(Date.parse(START.toISOString()) + 2 * DAY_MS));
  memberHeaders = (await apiSession(server.baseURL, member)).headers;
  await expect
    .poll(async () => usdt((await summary()).yesterday_income_usdt), { timeout: 120_000, intervals: [2000] })
    .toBeGreaterThan(0n);
  const paid = await summary();
  expect(paid.total_earned_usdt).toBe(paid.yesterday_income_usdt);
  const page2 = await openAs(browser);
  await page2.goto('/pages/easyEarn/index');
  await expect(page2.getByTestId('earn-yesterday-income')).toHaveText(shown(paid.yesterday_income_usdt));
  await expect(page2.getByTestId('earn-total-earned')).toHaveText(shown(paid.total_earned_usdt));
  await page2.getByTestId('earn-records-link').click();
  await page2.getByTestId('earn-records-tab-interest').click();
  await expect(
    page2.getByTestId(`earn-interest-${dayKey(new Date(Date.parse(START.toISOString()) + DAY_MS))}`),
  ).toContainText(shown(paid.yesterday_income_usdt));
});

test('transfer out below the fast limit: arrival shown before confirming, Pending, then Arrived; available grows', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const before = await summary();
  expect(usdt(before.total_holding_usdt)).toBeGreaterThan(usdt('1'));
  const page = await openAs(browser);
  await page.goto('/pages/easyEarn/index');
  await page.getByTestId('earn-transfer-out').click();
  await page.waitForURL((u) => u.pathname === '/pages/easyEarn/transferOut');
  // Above the holding: the maximum.
  await page.getByTestId('earn-amount').fill('5000');
  await expect(page.getByTestId('earn-amount-error')).toContainText(/^The maximum is /);
  await page.getByTestId('earn-amount').fill('1');
  // Before confirming: when it arrives (about 5 minutes: below 1 000 USDT).
  await expect(page.getByTestId('earn-out-preview')).toContainText(
    /^Arrives around \d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
  );
  await page.getByTestId('earn-submit').click();
  const modal = page.locator('.adm-modal');
  await expect(modal.getByTestId('earn-confirm-text')).toContainText('Transfer out 1.00 USDT?');
  await expect(modal.getByTestId('earn-confirm-text')).toContainText('around');
  await modal.getByRole('button', { name: en.earn.confirm.ok }).click();
  await expect(page.getByText(en.earn.toast.out)).toBeVisible();
  await page.waitForURL((u) => u.pathname === '/pages/easyEarn/result' && u.searchParams.has('id'));
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  await expect(page.getByTestId('earn-result-status')).toHaveText(en.earn.status.Pending);
  // The countdown runs on the server's clock (the browser's is days behind it now).
  await expect(page.getByTestId('earn-countdown')).toHaveText(/^0[45]:\d\d$/);

  const movement = await api<EarnMovement>(`earn/movements/${id}`);
  expect(movement.status).toBe('Pending');
  const arrives = Date.parse(movement.arrives_at ?? '');
  expect(arrives - Date.parse(movement.created_at)).toBe(5 * 60_000);
  const pending = await summary();
  expect(usdt(before.available_usdt) - usdt(pending.available_usdt)).toBe(0n);
  expect(pending.pending_out_usdt).toBe('1');

  await moveServerClock(server, adminHeaders, new Date(arrives + 60_000));
  await expect(page.getByTestId('earn-result-status')).toHaveText(en.earn.status.Arrived, {
    timeout: 40_000,
  });
  await expect(page.getByTestId('earn-countdown')).toHaveCount(0);
  memberHeaders = (await apiSession(server.baseURL, member)).headers;
  const after = await summary();
  expect(usdt(after.available_usdt) - usdt(before.available_usdt)).toBe(usdt('1'));
  expect(usdt(before.total_holding_usdt) - usdt(after.total_holding_usdt)).toBe(usdt('1'));
  expect(after.pending_out_usdt).toBe('0');
});

test('accessibility of the simple-earn pages in English and Thai: names, contrast, tap targets at 390 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  memberHeaders = (await apiSession(server.baseURL, member)).headers;
  const { list } = await api<{ list: EarnMovement[] }>('earn/movements');
  const out = list.find((m) => m.kind === 'Out');
  expect(out).toBeDefined();
  const pages = [
    ['index', '/pages/easyEarn/index', 'earn-total-amount'],
    ['transfer in', '/pages/easyEarn/transferIn', 'earn-form-limit'],
    ['transfer out', '/pages/easyEarn/transferOut', 'earn-form-limit'],
    ['result', `/pages/easyEarn/result?id=${out?.id}`, 'earn-result-card'],
    ['records', '/pages/easyEarn/records', 'earn-movement-list'],
  ] as const;
  const TITLES = {
    index: 'earn',
    'transfer in': 'earnTransferIn',
    'transfer out': 'earnTransferOut',
    result: 'earnResult',
    records: 'earnRecords',
  } as const;
  for (const locale of ['en', 'th']) {
    const page = await openAs(browser);
    await page.evaluate((l) => localStorage.setItem('lang', l), locale);
    for (const [name, path, ready] of pages) {
      await page.goto(path);
      await page.getByTestId(ready).first().waitFor();
      await expect(page.getByTestId('nav-title')).toHaveText(webTexts(locale).title[TITLES[name]]);
      await page.waitForTimeout(300);
      expectClean(await auditPage(page), `${locale} ${name}`);
    }
    await page.context().close();
  }
});
