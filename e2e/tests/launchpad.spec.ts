import { devAccount } from '@agc/contracts';
import {
  type AdminLaunchpadRoundBody,
  formatAssetAmount,
  formatDisplayAmount,
  type LaunchpadPurchase,
  type LaunchpadRound,
  type Me,
  parseAmount,
  USDT_DECIMALS,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { auditPage, expectClean, settle } from '../support/a11y.ts';
import { apiData, apiSession } from '../support/api.ts';
import type { E2EEnv } from '../support/env.ts';
import { buyProduct, memberWithInvitee } from '../support/fund.ts';
import { startServer, stopServer } from '../support/server.ts';
import { openAs as openAsOn } from '../support/sign-up.ts';
import { en } from '../support/texts.ts';

// The launchpad in the browser: a member with available USDT (a referral reward) buys copies of a cheap round
// an admin created through the API; the result names the copy numbers, the public allocation list shows them
// with the member's short address, and available USDT fell by exactly price × copies. A round closed while the
// buy sheet is open: the server's refusal shows in the sheet. The admins' page creates a round and closes one.
//
// Its own server: the rounds it creates (open ones show a banner on the account page) touch no other spec.

type Headers = Record<string, string>;
const DAY_MS = 86_400_000;
const member = privateKeyToAccount(generatePrivateKey());
const invitee = privateKeyToAccount(generatePrivateKey());
const admin = devAccount(0);
let server: E2EEnv;
let adminHeaders: Headers;
let memberHeaders: Headers;

const call = <T>(h: Headers, path: string, body?: unknown) => apiData<T>(server, h, path, body);

const usdt = (text: string) => parseAmount(text, USDT_DECIMALS);
const shown = (value: string) => formatDisplayAmount(value, { currency: 'USDT' });
const openAs = (browser: Browser, account: LocalAccount): Promise<Page> => openAsOn(browser, account, server);

/** A round open from a minute ago for a week, at `price` USDT a copy. */
const cheapRound = (name: string, price: string): AdminLaunchpadRoundBody => ({
  name,
  description: 'A cheap round for the end-to-end test.',
  translations: {},
  copies: 200,
  price_usdt: price,
  agc_per_copy: '5',
  per_member_limit: 10,
  starts_at: new Date(Date.now() - 60_000).toISOString(),
  ends_at: new Date(Date.now() + 7 * DAY_MS).toISOString(),
  cliff_days: 1,
  linear_days: 10,
});

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer();
  adminHeaders = (await apiSession(server.baseURL, admin)).headers;
  const signedUp = await memberWithInvitee(server, member, invitee, 'left');
  memberHeaders = signedUp.memberHeaders;
  // The member buys, then its invitee: the referral reward makes the member's available USDT.
  await buyProduct(server, member, memberHeaders);
  await buyProduct(server, invitee, signedUp.inviteeHeaders);
  const me = await call<Me>(memberHeaders, 'me');
  expect(usdt(me.available_profit)).toBeGreaterThan(usdt('0.1'));
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

test('a member buys copies: result with copy numbers, allocation list, available USDT down by the price', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const round = await call<LaunchpadRound>(
    adminHeaders,
    'admin/launchpad/rounds',
    cheapRound('E2E Round', '0.01'),
  );
  const before = await call<Me>(memberHeaders, 'me');

  const page = await openAs(browser, member);
  await page.goto('/pages/launchpad/index');
  const card = page.getByTestId(`lp-round-${round.id}`);
  await expect(card.getByTestId('lp-round-state')).toHaveText(en.launchpad.state.Open);
  await expect(card.getByTestId('lp-round-remaining')).toHaveText('200 left');
  await card.click();
  await page.waitForURL((u) => u.pathname === '/pages/launchpad/detail');
  await expect(page.getByTestId('lp-detail-name')).toHaveText('E2E Round');
  await expect(page.getByTestId('lp-detail-limit')).toHaveText('10');
  await expect(page.getByTestId('lp-detail-mine')).toHaveText('0');

  await page.getByTestId('lp-buy').click();
  await expect(page.getByTestId('lp-sheet-available')).toHaveText(
    formatAssetAmount(before.available_profit, 'USDT'),
  );
  // Bad input: nothing is sent, the message says the range.
  await page.getByTestId('lp-copies').fill('11');
  await expect(page.getByTestId('lp-copies-message')).toHaveText(
    en.launchpad.buy.range.replace('{{max}}', '10'),
  );
  await expect(page.getByTestId('lp-confirm')).toBeDisabled();
  await page.getByTestId('lp-copies').fill('1');
  await page.getByTestId('lp-copies-plus').click();
  await page.getByTestId('lp-copies-plus').click();
  await expect(page.getByTestId('lp-copies')).toHaveValue('3');
  await expect(page.getByTestId('lp-sheet-cost')).toHaveText(shown('0.03'));
  await page.getByTestId('lp-confirm').click();

  await page.waitForURL((u) => u.pathname === '/pages/launchpad/result');
  const purchaseId = defined(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByTestId('lp-result-copyNumbers')).toHaveText('#1–#3');
  await expect(page.getByTestId('lp-result-paid')).toHaveText(shown('0.03'));
  await expect(page.getByTestId('lp-result-locked')).toHaveText(
    formatDisplayAmount('15', { currency: 'AGC' }),
  );
  await expect(page.getByTestId('lp-result-release')).toContainText('day by day');
  const purchase = await call<LaunchpadPurchase>(memberHeaders, `launchpad/purchases/${purchaseId}`);
  expect([purchase.first_copy, purchase.last_copy, purchase.amount_usdt]).toEqual([1, 3, '0.03']);
  const after = await call<Me>(memberHeaders, 'me');
  expect(usdt(before.available_profit) - usdt(after.available_profit)).toBe(usdt('0.03'));

  // My purchases, then the round's public allocation list: copies 1–3, the member's short address.
  await page.getByTestId('lp-result-orders').click();
  await page.waitForURL((u) => u.pathname === '/pages/launchpad/mine');
  await expect(page.getByTestId('lp-mine-locked')).toHaveText(formatDisplayAmount('15', { currency: 'AGC' }));
  await expect(page.getByTestId(`lp-purchase-${purchaseId}`).getByTestId('lp-purchase-copies')).toHaveText(
    '#1–#3',
  );
  await page.goto(`/pages/launchpad/detail?id=${round.id}`);
  await expect(page.getByTestId('lp-detail-mine')).toHaveText('3');
  await expect(page.getByTestId('lp-detail-remaining')).toHaveText('197 left');
  const rows = page.getByTestId('lp-allocation');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('list-no-more')).toBeVisible();
  const short = `${member.address.slice(0, 6)}…${member.address.slice(-4)}`.toLowerCase();
  for (const [i, n] of [1, 2, 3].entries()) {
    await expect(rows.nth(i)).toHaveAttribute('data-copy', String(n));
    expect((await rows.nth(i).locator('.lp-allocation-address').textContent())?.toLowerCase()).toBe(short);
  }
  await page.context().close();
});

test("the account page's launchpad banner: the newest open round with copies left, opening its page", async ({
  browser,
}) => {
  const { list } = await call<{ list: LaunchpadRound[] }>(memberHeaders, 'launchpad/rounds');
  const round = defined(list.find((r) => r.state === 'Open' && r.remaining > 0));
  expect(round.name).toBe('E2E Round');
  const page = await openAs(browser, member);
  await page.goto('/pages/my/index');
  const banner = page.getByTestId(`banner-launchpad-${round.id}`);
  await expect(banner).toContainText(round.name);
  await expect(banner).toContainText(
    en.banner.launchpad.text.replace('{{left}}', String(round.remaining)).replace('{{copies}}', '200'),
  );
  // Its slide's dot brings it to the front (the carousel moves on by itself otherwise).
  const slides = page.locator('[data-testid^="banners-slide-"]');
  const count = await slides.count();
  let index = -1;
  for (let i = 0; i < count && index < 0; i++)
    if ((await slides.nth(i).getByTestId(`banner-launchpad-${round.id}`).count()) > 0) index = i;
  expect(index).toBeGreaterThanOrEqual(0);
  await page.getByTestId('banners-pause').click();
  await page.getByTestId(`banners-dot-${index}`).click();
  await banner.click();
  await page.waitForURL((u) => u.pathname === '/pages/launchpad/detail' && u.search === `?id=${round.id}`);
  await expect(page.getByTestId('lp-detail-name')).toHaveText(round.name);
  await page.context().close();
});

test('a round closed while the sheet is open: the server refusal shows in the sheet, nothing is paid', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const round = await call<LaunchpadRound>(
    adminHeaders,
    'admin/launchpad/rounds',
    cheapRound('Closing', '0.01'),
  );
  const before = await call<Me>(memberHeaders, 'me');
  const page = await openAs(browser, member);
  await page.goto(`/pages/launchpad/detail?id=${round.id}`);
  await page.getByTestId('lp-buy').click();
  await expect(page.getByTestId('lp-confirm')).toBeEnabled();
  await call(adminHeaders, `admin/launchpad/rounds/${round.id}/close`, {});
  await page.getByTestId('lp-confirm').click();
  await expect(page.getByTestId('lp-buy-error')).not.toBeEmpty();
  await expect(page).toHaveURL(/\/pages\/launchpad\/detail/);
  expect((await call<Me>(memberHeaders, 'me')).available_profit).toBe(before.available_profit);
  await page.getByTestId('lp-sheet-close').click();
  await expect(page.getByTestId('lp-detail-state')).toHaveText(en.launchpad.state.Closed);
  await expect(page.getByTestId('lp-buy')).toBeDisabled();
  await page.context().close();
});

test('admins create a round on their page (checked before sending, times in UTC), edit it before it opens and close it after confirming', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await openAs(browser, admin);
  await page.goto('/pages/admin/launchpad');
  await expect(page.getByTestId('lp-admin')).toBeVisible();
  await page.getByTestId('lp-round-new').click();
  await expect(page.getByTestId('lp-round-copies')).toHaveValue('200');
  // The form's times: YYYY-MM-DD HH:mm in UTC, whatever the browser's language or zone.
  const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  const start = Math.floor((Date.now() + DAY_MS) / 60_000) * 60_000;
  await page.getByTestId('lp-round-name').fill('Browser Round');
  await page.getByTestId('lp-round-price_usdt').fill('2.5');
  await page.getByTestId('lp-round-agc_per_copy').fill('100');
  await page.getByTestId('lp-round-per_member_limit').fill('4');
  await page.getByTestId('lp-round-starts_at').fill(utc(start));
  await expect(page.getByTestId('lp-round-starts_at')).toHaveValue(utc(start));
  // The end before the start: refused on the page, under the end, nothing sent.
  await page.getByTestId('lp-round-ends_at').fill(utc(Date.now()));
  await page.getByTestId('lp-round-save').click();
  await expect(page.getByTestId('lp-round-ends_at-error')).toHaveText(
    en.launchpad.admin.errors.endBeforeStart,
  );
  await page.getByTestId('lp-round-ends_at').fill(utc(start + 7 * DAY_MS));
  await page.getByTestId('lp-round-cliff_days').fill('30');
  await page.getByTestId('lp-round-linear_days').fill('90');
  await page.getByTestId('lp-round-save').click();
  await expect(page.getByTestId('lp-round-form')).toBeHidden();

  const { list } = await call<{ list: (LaunchpadRound & { status: string })[] }>(
    adminHeaders,
    'admin/launchpad/rounds',
  );
  const created = defined(list.find((r) => r.name === 'Browser Round'));
  expect(created).toMatchObject({
    copies: 200,
    price_usdt: '2.5',
    agc_per_copy: '100',
    per_member_limit: 4,
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 7 * DAY_MS).toISOString(),
    cliff_days: 30,
    linear_days: 90,
    state: 'Upcoming',
  });
  const card = page.getByTestId(`lp-admin-round-${created.id}`);
  await expect(card.getByTestId('lp-admin-round-state')).toHaveText(en.launchpad.state.Upcoming);
  await expect(card.getByTestId('lp-admin-round-starts')).toHaveText(`${utc(start)} UTC`);

  // Not open yet: Edit opens the same form with its terms; the new price and end are saved.
  await card.getByTestId(`lp-admin-edit-${created.id}`).click();
  await expect(page.getByTestId('lp-round-price_usdt')).toHaveValue('2.5');
  await expect(page.getByTestId('lp-round-starts_at')).toHaveValue(utc(start));
  await page.getByTestId('lp-round-price_usdt').fill('3');
  await page.getByTestId('lp-round-ends_at').fill(utc(start + 9 * DAY_MS));
  await page.getByTestId('lp-round-save').click();
  await expect(page.getByTestId('lp-round-form')).toBeHidden();
  await expect(card.getByTestId('lp-admin-round-ends')).toHaveText(`${utc(start + 9 * DAY_MS)} UTC`);
  const afterEdit = defined(
    (
      await call<{ list: (LaunchpadRound & { status: string })[] }>(adminHeaders, 'admin/launchpad/rounds')
    ).list.find((r) => r.id === created.id),
  );
  expect(afterEdit).toMatchObject({ price_usdt: '3', ends_at: new Date(start + 9 * DAY_MS).toISOString() });

  await card.getByTestId(`lp-admin-close-${created.id}`).click();
  const modal = page.locator('.adm-modal');
  await expect(modal).toContainText(en.launchpad.admin.closeTitle.replace('{{name}}', 'Browser Round'));
  await modal.getByRole('button', { name: en.launchpad.admin.closeConfirm, exact: true }).click();
  await expect(card.getByTestId('lp-admin-round-state')).toHaveText(en.launchpad.state.Closed);
  await expect(card.getByTestId(`lp-admin-close-${created.id}`)).toHaveCount(0);
  await page.context().close();
});

for (const locale of ['en', 'th']) {
  test(`accessibility of the launchpad screens in ${locale} at 390×844: names, contrast, tap targets`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { list } = await call<{ list: LaunchpadRound[] }>(memberHeaders, 'launchpad/rounds');
    const round = defined(list.find((r) => r.name === 'E2E Round'));
    const { list: mine } = await call<{ list: LaunchpadPurchase[] }>(memberHeaders, 'launchpad/purchases');
    const check = async (page: Page, name: string) => {
      await settle(page);
      expectClean(await auditPage(page), `${locale} ${name}`);
    };
    const page = await openAs(browser, member);
    await page.evaluate((l) => localStorage.setItem('lang', l), locale);
    await page.goto('/pages/launchpad/index');
    await page.getByTestId(`lp-round-${round.id}`).waitFor();
    await check(page, 'rounds');
    await page.goto(`/pages/launchpad/detail?id=${round.id}`);
    await page.getByTestId('lp-allocation').first().waitFor();
    await check(page, 'round');
    await page.getByTestId('lp-buy').click();
    await page.getByTestId('lp-sheet').waitFor();
    await check(page, 'buy sheet');
    await page.goto(`/pages/launchpad/result?id=${defined(mine[0]).id}`);
    await page.getByTestId('lp-result-copyNumbers').waitFor();
    await check(page, 'result');
    await page.goto('/pages/launchpad/mine');
    await page.getByTestId(`lp-purchase-${defined(mine[0]).id}`).waitFor();
    await check(page, 'my purchases');
    await page.context().close();

    const adminPage = await openAs(browser, admin);
    await adminPage.evaluate((l) => localStorage.setItem('lang', l), locale);
    await adminPage.goto('/pages/admin/launchpad');
    await adminPage.getByTestId('lp-admin').waitFor();
    await adminPage.getByTestId('lp-round-new').click();
    await check(adminPage, 'admin rounds');
    await adminPage.context().close();
  });
}
