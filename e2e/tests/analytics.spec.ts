import { readFileSync } from 'node:fs';
import { devAccount } from '@agc/contracts';
import { type AnalyticsReport, formatDisplayAmount } from '@agc/shared';
import { expect, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { buyProduct, memberWithInvitee } from '../support/fund.ts';
import { openAs } from '../support/sign-up.ts';
import { en, webTexts } from '../support/texts.ts';

// Analytics: the demo admin (development account 0) sees the figures at once, with charts, equal to the
// API's; a purchase shows in today's live figures; a bad custom range is named; the CSV downloads; in English and
// Japanese at phone width. A member who types the address sees 'Admins only'.
const env = readEnv();
test.use({ baseURL: env.baseURL });
const admin = devAccount(0);
const shots = process.env.ANALYTICS_SHOTS;

const reportOf = async (
  headers: Record<string, string>,
  from: string,
  to: string,
): Promise<AnalyticsReport> =>
  (await (await fetch(`${env.baseURL}/api/v1/admin/analytics?from=${from}&to=${to}`, { headers })).json())
    .data;

test('the demo admin sees the figures with charts, equal to the API, and downloads the CSV', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A purchase today: it shows in today's (live) deposits and members.
  const buyer = privateKeyToAccount(generatePrivateKey());
  const { memberHeaders } = await memberWithInvitee(
    env,
    buyer,
    privateKeyToAccount(generatePrivateKey()),
    'left',
  );
  await buyProduct(env, buyer, memberHeaders);

  const page = await openAs(browser, admin, env);
  await page.goto('/pages/admin/analytics');
  await expect(page.getByTestId('analytics-group-members')).toBeVisible();
  await expect(page.locator('.uplot canvas').first()).toBeVisible({ timeout: 20_000 });
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const { headers } = await apiSession(env.baseURL, admin);
  const api = await reportOf(headers, from, today);
  expect(Number(api.totals.members_all)).toBeGreaterThanOrEqual(7);
  expect(Number(api.totals.shop_orders)).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('analytics-total-members_all')).toHaveText(
    Number(api.totals.members_all).toLocaleString('en-US'),
  );
  await expect(page.getByTestId('analytics-total-shop_usdt')).toHaveText(
    formatDisplayAmount(api.totals.shop_usdt, { currency: 'USDT' }),
  );
  await expect(page.getByTestId('analytics-live-note')).toHaveText(en.analytics.liveNote);
  if (shots) await page.screenshot({ path: `${shots}/analytics-en.png`, fullPage: true });
  await page.getByTestId('analytics-table-toggle-deposits').click();
  await expect(page.getByTestId('analytics-table-deposits')).toContainText(today);
  if (shots)
    await page
      .getByTestId('analytics-group-deposits')
      .screenshot({ path: `${shots}/analytics-table-en.png` });

  // The CSV of the range: a header row, a row per day, the totals.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('analytics-csv').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`analytics-${from}-to-${today}.csv`);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]?.startsWith('day,members_all,members_valid,members_new,')).toBe(true);
  expect(lines).toHaveLength(32);
  expect(lines.at(-1)?.startsWith(`total,${api.totals.members_all},`)).toBe(true);

  // A bad custom range is named under its field (YYYY-MM-DD fields, not the browser's date input) and not sent.
  await page.getByTestId('analytics-preset-custom').click();
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
  await page.getByTestId('analytics-from').fill(today);
  await page.getByTestId('analytics-to').fill(from);
  await page.getByTestId('analytics-apply').click();
  const rangeError = page.getByTestId('analytics-to-error');
  await expect(rangeError).toHaveText(en.analytics.problem.range_order);
  await expect(page.getByTestId('analytics-to')).toHaveAttribute(
    'aria-describedby',
    (await rangeError.getAttribute('id')) ?? '',
  );
  if (shots) await page.screenshot({ path: `${shots}/analytics-bad-range-en.png` });

  // Japanese: the same page in the admin's language, 7 days.
  await page.evaluate(() => localStorage.setItem('lang', 'ja'));
  await page.reload();
  const ja = webTexts('ja');
  await page.getByTestId('analytics-preset-7').click();
  await expect(page.getByTestId('analytics-group-rewards')).toContainText(ja.analytics.group.rewards);
  await expect(page.locator('.uplot canvas').first()).toBeVisible({ timeout: 20_000 });
  if (shots) await page.screenshot({ path: `${shots}/analytics-ja.png`, fullPage: true });
  await page.getByTestId('analytics-preset-custom').click();
  await page.getByTestId('analytics-from').fill(today);
  await page.getByTestId('analytics-to').fill(from);
  await page.getByTestId('analytics-apply').click();
  await expect(page.getByTestId('analytics-to-error')).toHaveText(ja.analytics.problem.range_order);
  if (shots) await page.screenshot({ path: `${shots}/analytics-bad-range-ja.png` });
  await page.context().close();
});

test('a member who types the address sees Admins only', async ({ browser }) => {
  const member = privateKeyToAccount(generatePrivateKey());
  const root = await apiSession(env.baseURL, admin);
  await apiSession(env.baseURL, member, { code: root.me.invite_code, side: 'left' });
  const page = await openAs(browser, member, env);
  await page.goto('/pages/admin/analytics');
  await expect(page.getByTestId('analytics-no-permission')).toHaveText(en.analytics.noPermission);
  if (shots) await page.screenshot({ path: `${shots}/analytics-member-en.png` });
  await page.context().close();
});
