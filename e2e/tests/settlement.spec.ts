import { devAccount } from '@agc/contracts';
import {
  formatDisplayAmount,
  type IncomeSummary,
  parseAmount,
  type Reward,
  type SettlementTotals,
  shortAddress,
  USDT_DECIMALS,
} from '@agc/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiData, apiSession } from '../support/api.ts';
import { DAY_MS, dayKey, moveServerClock, serverNow, tomorrowStart } from '../support/clock.ts';
import type { E2EEnv } from '../support/env.ts';
import { buyProduct, fund } from '../support/fund.ts';
import { startServer, stopServer } from '../support/server.ts';
import { openAsOnServerClock } from '../support/sign-up.ts';
import { en } from '../support/texts.ts';

// The daily settlement end to end: members buy on a day D (real payments on chain), D ends, an admin settles
// it on the reward-distribution page, and a member finds the rewards on the rewards tab.
//
// This spec runs its own server with a test clock (TEST_CLOCK), so moving the clock cannot touch the server
// the other specs share, and the order of the specs does not matter.
//
//        root (demo admin)   A bought before L and R, so both referrals are paid. On D, A earns static
//         …                  (A's investment × A's level's daily rate) and pairing (min(L, R) × A's level's
//         A                  pairing rate); L and R earn static.
//       L   R

const DISTRIBUTION = '/pages/admin/rewardDistribution';
const REWARDS = '/pages/rewardList/index';

// D is tomorrow (UTC) and the server starts ten minutes into it, so the purchases cannot straddle a midnight
// whatever the time of day here.
const { D, START } = tomorrowStart();
// 30 s after D ended. An admin may settle a day once it is over; the daily job waits SETTLEMENT_DELAY_MINUTES
// more, so nothing races the Run button.
const AFTER_D = new Date(Date.parse(`${D}T00:00:00Z`) + DAY_MS + 30_000);
const DELAY_MINUTES = '5';
// The server's level rules, set here so the expected rewards follow from them (these are the defaults).
const STATIC_PERCENT = ['0.2', '0.4', '0.6', '0.8', '1'];
const PAIRING_PERCENT = ['2', '4', '6', '8', '10'];

type Headers = Record<string, string>;
type Who = 'A' | 'L' | 'R';
const wallets: Record<Who, LocalAccount> = {
  A: privateKeyToAccount(generatePrivateKey()),
  L: privateKeyToAccount(generatePrivateKey()),
  R: privateKeyToAccount(generatePrivateKey()),
};
const admin = devAccount(0);
/** The server keeps addresses in lower case. */
const adminAddress = admin.address.toLowerCase();
const headers = {} as Record<Who, Headers>;
/** Each member's purchase, as the API reports it once confirmed. */
const paid = {} as Record<Who, { order_id: string; amount_received_usdt: string }>;
let server: E2EEnv;
let adminHeaders: Headers;

const units = (v: string) => parseAmount(v, USDT_DECIMALS);
const usdt = (v: string) => formatDisplayAmount(v, { currency: 'USDT' });
const agc = (v: string) => formatDisplayAmount(v, { currency: 'AGC' });
/** amount × percent, rounded down to the USDT unit as the settlement does. */
const percentOf = (base: bigint, percent: string) => (base * parseAmount(percent, 4)) / 1_000_000n;
const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

const api = <T>(h: Headers, path: string) => apiData<T>(server, h, path);

/** Signs `account` in (already registered) in a fresh browser context whose clock is the server's. */
const openAs = (browser: Browser, account: LocalAccount) =>
  openAsOnServerClock(browser, account, server, adminHeaders);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer({
    TEST_CLOCK: START.toISOString(),
    SETTLEMENT_DELAY_MINUTES: DELAY_MINUTES,
    LEVEL_STATIC_PERCENT: STATIC_PERCENT.join(','),
    LEVEL_PAIRING_PERCENT: PAIRING_PERCENT.join(','),
  });
  const root = await apiSession(server.baseURL, admin);
  adminHeaders = root.headers;
  const a = await apiSession(server.baseURL, wallets.A, { code: root.me.invite_code, side: 'left' });
  headers.A = a.headers;
  headers.L = (await apiSession(server.baseURL, wallets.L, { code: a.me.invite_code, side: 'left' })).headers;
  headers.R = (
    await apiSession(server.baseURL, wallets.R, { code: a.me.invite_code, side: 'right' })
  ).headers;
  for (const who of ['A', 'L', 'R'] as const) await fund(server, wallets[who].address);
  // A first, so that L's and R's purchases pay A's referrals.
  for (const who of ['A', 'L', 'R'] as const) {
    const orderId = await buyProduct(server, wallets[who], headers[who]);
    paid[who] = await api(headers[who], `order/${orderId}`);
  }
  expect(dayKey(await serverNow(server, adminHeaders))).toBe(D);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

/** What settling D must pay, from the purchases and the level rules (each member's level from /me). */
async function expectedRewards() {
  const rewards: Array<{ who: Who; kind: 'static' | 'pairing'; base: bigint; rate: string; amount: bigint }> =
    [];
  for (const who of ['A', 'L', 'R'] as const) {
    const me = await api<{ level: number; investment_sum: string; dividend_rate: string }>(
      headers[who],
      'me',
    );
    expect(me.investment_sum).toBe(paid[who].amount_received_usdt);
    const rate = STATIC_PERCENT[me.level - 1] ?? '';
    expect(me.dividend_rate).toBe(rate);
    const base = units(me.investment_sum);
    rewards.push({ who, kind: 'static', base, rate, amount: percentOf(base, rate) });
    if (who === 'A') {
      // A is the only member with new volume on both sides: L on the left, R on the right.
      const [left, right] = [units(paid.L.amount_received_usdt), units(paid.R.amount_received_usdt)];
      // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers)
      const pair = left < right ? left : right;
      const pairingRate = PAIRING_PERCENT[me.level - 1] ?? '';
      rewards.push({
        who,
        kind: 'pairing',
        base: pair,
        rate: pairingRate,
        amount: percentOf(pair, pairingRate),
      });
    }
  }
  return rewards;
}

/** Each total shown on the page equals the API's, formatted as the page formats it. */
async function expectTotals(page: Page, totals: SettlementTotals) {
  const counts = ['members_paid', 'rewards', 'orders'] as const;
  for (const field of Object.keys(totals) as (keyof SettlementTotals)[]) {
    const value = totals[field];
    const shown = (counts as readonly string[]).includes(field)
      ? String(value)
      : field === 'credited_agc'
        ? agc(String(value))
        : usdt(String(value));
    await expect(page.getByTestId(`settlement-${field}`)).toHaveText(shown);
  }
}

test('after D ends, an admin previews D on the reward-distribution page and settles it with Run and its confirmation', async ({
  browser,
}) => {
  // D ends (the job settled the empty day before D at start-up, so D is the next day to settle).
  await moveServerClock(server, adminHeaders, AFTER_D);
  await expect
    .poll(async () => (await api<{ next_day: string | null }>(adminHeaders, 'admin/settlements')).next_day)
    .toBe(D);

  const preview = await api<{ day: string; next_day: string; run: null; totals: SettlementTotals }>(
    adminHeaders,
    `admin/settlements/preview?day=${D}`,
  );
  expect(preview).toMatchObject({ day: D, next_day: D, run: null });
  const { totals } = preview;
  // The preview pays what the rules say for these purchases, and nothing is cut.
  const expected = await expectedRewards();
  const sum = (kind: string) => expected.filter((r) => r.kind === kind).reduce((s, r) => s + r.amount, 0n);
  const volume = (['A', 'L', 'R'] as const).reduce((s, who) => s + units(paid[who].amount_received_usdt), 0n);
  const pairBase = expected.find((r) => r.kind === 'pairing')?.base;
  expect(
    (['static', 'pairing', 'management_base', 'paid', 'cut', 'new_volume'] as const).map((f) =>
      units(totals[f]),
    ),
  ).toEqual([sum('static'), sum('pairing'), pairBase, sum('static') + sum('pairing'), 0n, volume]);
  expect([totals.members_paid, totals.rewards, totals.orders]).toEqual([
    new Set(expected.map((r) => r.who)).size,
    expected.length,
    Object.keys(paid).length,
  ]);
  expect(sum('pairing')).toBeGreaterThan(0n);

  const page = await openAs(browser, admin);
  await page.goto(DISTRIBUTION);
  await expect(page.getByTestId('settlement-preview')).toHaveAttribute('data-day', D);
  await expect(page.getByTestId('settlement-day')).toHaveValue(D);
  await expect(page.getByTestId('settlement-next-day')).toHaveText(fill(en.settlement.nextDay, { day: D }));
  await expect(page.getByTestId('settlement-state')).toHaveAttribute('data-state', 'open');
  await expectTotals(page, totals);

  // Run asks first, naming the day and what it pays.
  await page.getByTestId('settlement-run').click();
  const modal = page.locator('.adm-modal');
  await expect(modal).toContainText(fill(en.settlement.runConfirmTitle, { day: D }));
  const confirm = modal.getByTestId('settlement-confirm');
  await expect(confirm).toContainText(fill(en.settlement.runConfirm, { day: D }));
  for (const [label, value] of [
    [en.settlement.totals.static, usdt(totals.static)],
    [en.settlement.totals.pairing, usdt(totals.pairing)],
    [en.settlement.totals.paid, usdt(totals.paid)],
    [en.settlement.totals.members_paid, String(totals.members_paid)],
  ] as const) {
    await expect(confirm.locator('.row').filter({ hasText: label }).first().locator('dd')).toHaveText(value);
  }
  await modal.getByRole('button', { name: en.common.ok }).click();
  await expect(page.getByText(fill(en.settlement.runDone, { day: D }))).toBeVisible();

  // The page stays on D, now settled by this admin, and shows what the run paid: the previewed totals.
  await expect(page.getByTestId('settlement-state')).toHaveAttribute('data-state', 'settled');
  await expect(page.getByTestId('settlement-run-by')).toHaveText(shortAddress(adminAddress));
  await expect(page.getByTestId('settlement-run')).toHaveCount(0);
  await expectTotals(page, totals);
  const item = page.getByTestId(`settlement-history-${D}`);
  await expect(item).toContainText(usdt(totals.paid));
  await expect(item).toContainText(shortAddress(adminAddress));

  const history = await api<{
    list: Array<{ day: string; run_by: string | null; totals: SettlementTotals }>;
    next_day: string | null;
  }>(adminHeaders, 'admin/settlements');
  expect(history.list[0]).toMatchObject({ day: D, run_by: adminAddress, totals });
  expect(history.next_day).toBeNull();
  await page.context().close();
});

test("a member's rewards tab shows D's static and pairing rewards under Yesterday, and their details", async ({
  browser,
}) => {
  const ofD = (await api<{ list: Reward[] }>(headers.A, `profit/day?day=${D}`)).list;
  expect(ofD.map((r) => r.kind).sort()).toEqual(['pairing', 'referral', 'referral', 'static']);
  // Every reward of A counts for D (the referrals were paid on D too), and D is now yesterday.
  for (const r of ofD) expect(r).toMatchObject({ day: D, group: 2 });
  const rewardOf = (kind: string): Reward => {
    const r = ofD.find((x) => x.kind === kind);
    if (!r) throw new Error(`no ${kind} reward for ${D}`);
    return r;
  };
  // The settlement's rewards are what the rules make of the purchases, uncut.
  for (const e of (await expectedRewards()).filter((r) => r.who === 'A')) {
    const r = rewardOf(e.kind);
    expect(r.rate).toBe(e.rate);
    expect([r.base, r.due, r.cut, r.amount].map(units)).toEqual([e.base, e.amount, 0n, e.amount]);
    expect(units(r.credited_usdt)).toBeGreaterThan(0n);
  }
  const all = await api<{ list: Reward[]; summary: IncomeSummary }>(headers.A, 'profit/all');
  expect(all.list.map((r) => r.id).sort()).toEqual(ofD.map((r) => r.id).sort());
  const sumOf = (kind: string) =>
    ofD.filter((r) => r.kind === kind).reduce((s, r) => s + units(r.amount), 0n);
  expect([all.summary.static, all.summary.pairing, all.summary.referral].map(units)).toEqual([
    sumOf('static'),
    sumOf('pairing'),
    sumOf('referral'),
  ]);

  const page = await openAs(browser, wallets.A);
  await page.getByTestId('tab-1').click();
  await page.waitForURL((u) => u.pathname === REWARDS);
  await expect(page.getByTestId('rewards-summary-static')).toHaveText(usdt(all.summary.static));
  await expect(page.getByTestId('rewards-summary-pairing')).toHaveText(usdt(all.summary.pairing));
  await expect(page.getByTestId('rewards-summary-referral')).toHaveText(usdt(all.summary.referral));
  await expect(page.getByTestId('rewards-summary-total')).toHaveText(usdt(all.summary.total));

  // One group, Yesterday, holding all of D's rewards in the API's order (newest first).
  const list = page.getByTestId('rewards-list');
  await expect(list.locator('[data-testid^="rewards-group-"]')).toHaveCount(1);
  await expect(list.getByTestId('rewards-group-2')).toHaveText(en.rewards.group.yesterday);
  const items = list.locator('[data-testid^="reward-item-"]');
  await expect(items).toHaveCount(all.list.length);
  for (const [i, r] of all.list.entries()) {
    await expect(items.nth(i)).toHaveAttribute('data-testid', `reward-item-${r.id}`);
    await expect(items.nth(i)).toHaveAttribute('data-group', '2');
  }

  const field = (name: string) => page.getByTestId(`reward-detail-${name}`);
  for (const kind of ['static', 'pairing'] as const) {
    const r = rewardOf(kind);
    const item = page.getByTestId(`reward-item-${r.id}`);
    await expect(item.getByTestId('reward-kind')).toHaveText(en.rewards.kind[kind]);
    await expect(item.getByTestId('reward-amount')).toHaveText(usdt(r.amount));
    await expect(item.getByTestId('reward-usdt')).toHaveText(usdt(r.credited_usdt));
    await expect(item.getByTestId('reward-agc')).toHaveText(agc(r.credited_agc));
    await expect(item.getByTestId('reward-capped')).toHaveCount(0);

    await item.click();
    await page.waitForURL((u) => u.pathname === '/pages/rewardList/detail');
    expect(new URL(page.url()).searchParams.get('id')).toBe(r.id);
    await expect(field('kind')).toHaveText(en.rewards.kind[kind]);
    await expect(field('base')).toHaveText(usdt(r.base));
    await expect(field('rate')).toHaveText(`${r.rate}%`);
    await expect(field('amount')).toHaveText(usdt(r.amount));
    await expect(field('credited_usdt')).toHaveText(usdt(r.credited_usdt));
    await expect(field('credited_agc')).toHaveText(agc(r.credited_agc));
    await expect(field('due')).toHaveText(usdt(r.due));
    await expect(field('cut')).toHaveText(usdt(r.cut));
    await expect(field('cut_reason')).toHaveText(en.rewards.cap.none);
    await expect(field('day')).toHaveText(D);
    await page.getByTestId('nav-back').click();
    await page.waitForURL((u) => u.pathname === REWARDS);
  }
  await page.context().close();
});
