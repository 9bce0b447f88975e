/**
 * The screenshot tour's screens of simple earn, the launchpad, the exchange center, home's entries and the
 * account page's banners, for one locale, with real data: a member with available USDT (a referral reward) moves
 * some into simple earn and a little out (Pending), buys copies of a cheap round, and exchanges 2 USDT for AGC.
 * Bad input on each form first (the messages the member sees, nothing sent). Used by screenshots.ts.
 */
import type { AdminLaunchpadRoundBody, LaunchpadRound } from '@agc/shared';
import type { Page } from '@playwright/test';
import { apiData } from '../support/api.ts';
import type { E2EEnv } from '../support/env.ts';

type Headers = Record<string, string>;
type Shot = (name: string) => Promise<void>;
const DAY_MS = 86_400_000;

/**
 * Server settings the tour adds: exchange quotes that hold 10 s (the default 30 s would make the tour wait for the
 * expired-quote screens), still long enough to photograph a live one.
 */
export const TOUR_SETTINGS = { EXCHANGE_QUOTE_TTL_SECONDS: '10' };

/**
 * A second open round next to the demo one (whose 100 USDT a copy is more than a referral reward), at 0.5 USDT a
 * copy, named in the tour's languages as an admin would. Its allocation list fills as each locale's member buys.
 */
export async function createCheapRound(env: E2EEnv, adminHeaders: Headers): Promise<LaunchpadRound> {
  const body: AdminLaunchpadRoundBody = {
    name: 'AGC Community Round',
    description:
      '400 numbered copies at 0.5 USDT, 2 AGC each. The AGC is locked for 7 days after the round ends, then released daily over 30 days. At most 10 copies per member.',
    translations: {
      ja: {
        name: 'AGC コミュニティラウンド',
        description:
          '番号付きの400口、1口0.5 USDTで2 AGC。AGCはラウンド終了後7日間ロックされ、その後30日かけて毎日解放されます。1会員あたり最大10口。',
      },
      'zh-Hant': {
        name: 'AGC 社群輪',
        description:
          '400 份編號份額，每份 0.5 USDT，含 2 AGC。AGC 於本輪結束後鎖定 7 天，之後 30 天內每日釋放。每位會員最多 10 份。',
      },
      th: {
        name: 'รอบชุมชน AGC',
        description:
          '400 ส่วนมีหมายเลข ส่วนละ 0.5 USDT ได้ 2 AGC AGC จะถูกล็อก 7 วันหลังรอบสิ้นสุด จากนั้นปลดล็อกทุกวันเป็นเวลา 30 วัน สมาชิกละไม่เกิน 10 ส่วน',
      },
    },
    copies: 400,
    price_usdt: '0.5',
    agc_per_copy: '2',
    per_member_limit: 10,
    starts_at: new Date(Date.now() - 60_000).toISOString(),
    ends_at: new Date(Date.now() + 14 * DAY_MS).toISOString(),
    cliff_days: 7,
    linear_days: 30,
  };
  return apiData<LaunchpadRound>(env, adminHeaders, 'admin/launchpad/rounds', body);
}

/** Waits for the toast of a moment ago to be gone (they cover the buttons under them). */
const toastGone = (page: Page) =>
  page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);

export interface EarnLaunchpadExchangeScreens {
  env: E2EEnv;
  /** The member's page (signed in) and its shot; the member has available USDT. */
  page: Page;
  shot: Shot;
  memberHeaders: Headers;
  /** An admin's page (signed in) and its shot. */
  adminPage: Page;
  adminShot: Shot;
  cheapRound: LaunchpadRound;
}

export async function earnLaunchpadExchangeScreens({
  env,
  page,
  shot,
  memberHeaders,
  adminPage,
  adminShot,
  cheapRound,
}: EarnLaunchpadExchangeScreens) {
  const go = (path: string) => page.goto(`${env.baseURL}${path}`);
  const available = (await apiData<{ available_usdt: string }>(env, memberHeaders, 'earn/summary'))
    .available_usdt;
  console.log(`simple earn, launchpad and exchange screens: the member has ${available} USDT available`);

  // Home with its three entries.
  await go('/');
  await page.getByTestId('home-entries').waitFor();
  await page.getByTestId('home-entries').scrollIntoViewIfNeeded();
  await shot('home-entries');

  // Simple earn: the empty index, transfer in (bad amount first), then out (above the holding, then 1 USDT with
  // its arrival), the confirmation, the Pending result, the index with the holding and the pending transfer out.
  await go('/pages/easyEarn/index');
  await page.getByTestId('earn-total-amount').waitFor();
  await shot('earn-empty');
  await page.getByTestId('earn-transfer-in').click();
  await page.waitForURL((u) => u.pathname === '/pages/easyEarn/transferIn');
  await page.getByTestId('earn-form-limit').waitFor();
  await page.getByTestId('earn-submit').click();
  await page.getByTestId('earn-amount-error').waitFor();
  await shot('earn-in-required');
  await page.getByTestId('earn-amount').fill('0');
  await page.getByTestId('earn-amount-error').waitFor();
  await shot('earn-in-invalid');
  await page.getByTestId('earn-amount').fill('3');
  await shot('earn-in');
  await page.getByTestId('earn-submit').click();
  await page.getByTestId('earn-confirm-in-text').waitFor();
  await shot('earn-in-confirm');
  await page.locator('.adm-modal-button-primary').click();
  await page.waitForURL((u) => u.pathname === '/pages/easyEarn/index');
  await page.getByTestId('earn-total-amount').waitFor();
  await go('/pages/easyEarn/transferOut');
  await page.getByTestId('earn-form-limit').waitFor();
  await page.getByTestId('earn-amount').fill('5000');
  await page.getByTestId('earn-amount-error').waitFor();
  await shot('earn-out-maximum');
  await page.getByTestId('earn-amount').fill('1');
  await page.getByTestId('earn-out-preview').waitFor();
  await shot('earn-out-preview');
  await page.getByTestId('earn-submit').click();
  await page.locator('.adm-modal').getByTestId('earn-confirm-text').waitFor();
  await shot('earn-out-confirm');
  await page.locator('.adm-modal .adm-modal-button-primary').click();
  await page.waitForURL((u) => u.pathname === '/pages/easyEarn/result' && u.searchParams.has('id'));
  await page.getByTestId('earn-countdown').waitFor();
  await shot('earn-result-pending-toast');
  await toastGone(page);
  await shot('earn-result-pending');
  await go('/pages/easyEarn/index');
  await page.getByTestId('earn-pending').waitFor();
  await shot('earn-index');
  await go('/pages/easyEarn/records');
  await page.locator('[data-testid^="earn-movement-"]').first().waitFor();
  await shot('earn-records');
  await page.getByTestId('earn-records-tab-interest').click();
  await page.waitForTimeout(500);
  await shot('earn-records-interest');

  // The launchpad: the rounds (the demo one and the cheap one), the demo round's buy sheet short of USDT, the cheap
  // round's sheet with too many copies then 2, the result, my purchases, the round with its allocation list.
  await go('/pages/launchpad/index');
  await page.getByTestId(`lp-round-${cheapRound.id}`).waitFor();
  await shot('launchpad-list');
  const demo = (await apiData<{ list: LaunchpadRound[] }>(env, memberHeaders, 'launchpad/rounds')).list.find(
    (r) => r.id !== cheapRound.id,
  );
  if (demo) {
    await go(`/pages/launchpad/detail?id=${demo.id}`);
    await page.getByTestId('lp-detail-name').waitFor();
    await shot('launchpad-demo-detail');
    await page.getByTestId('lp-buy').click();
    await page.getByTestId('lp-sheet').waitFor();
    await page.getByTestId('lp-sheet-available').waitFor();
    await shot('launchpad-demo-sheet-short');
  }
  await go(`/pages/launchpad/detail?id=${cheapRound.id}`);
  await page.getByTestId('lp-detail-name').waitFor();
  await page.getByTestId('lp-buy').click();
  await page.getByTestId('lp-sheet-available').waitFor();
  await page.getByTestId('lp-copies').fill('11');
  await page.getByTestId('lp-copies-message').waitFor();
  await shot('launchpad-sheet-range');
  await page.getByTestId('lp-copies').fill('2');
  await page.waitForTimeout(300);
  await shot('launchpad-sheet');
  await page.getByTestId('lp-confirm').click();
  await page.waitForURL((u) => u.pathname === '/pages/launchpad/result');
  await page.getByTestId('lp-result-copyNumbers').waitFor();
  await shot('launchpad-result');
  await page.getByTestId('lp-result-orders').click();
  await page.waitForURL((u) => u.pathname === '/pages/launchpad/mine');
  await page.locator('[data-testid^="lp-purchase-"]').first().waitFor();
  await shot('launchpad-mine');
  await go(`/pages/launchpad/detail?id=${cheapRound.id}`);
  await page.getByTestId('lp-allocation').first().waitFor();
  await shot('launchpad-detail');
  await page.getByTestId('list-no-more').scrollIntoViewIfNeeded();
  await shot('launchpad-detail-allocations');

  // The admins' rounds page, its new-round form, and an end before the start refused on the page.
  await adminPage.goto(`${env.baseURL}/pages/admin/launchpad`);
  await adminPage.getByTestId('lp-admin').waitFor();
  await adminPage.getByTestId(`lp-admin-round-${cheapRound.id}`).waitFor();
  await adminShot('admin-launchpad');
  await adminPage.getByTestId('lp-round-new').click();
  await adminPage.getByTestId('lp-round-name').waitFor();
  await adminShot('admin-launchpad-new');
  const local = (ms: number) => {
    const d = new Date(ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  };
  await adminPage.getByTestId('lp-round-name').fill('Round 2');
  await adminPage.getByTestId('lp-round-price_usdt').fill('2.5');
  await adminPage.getByTestId('lp-round-agc_per_copy').fill('100');
  await adminPage.getByTestId('lp-round-starts_at').fill(local(Date.now() + DAY_MS));
  await adminPage.getByTestId('lp-round-ends_at').fill(local(Date.now()));
  await adminPage.getByTestId('lp-round-save').click();
  await adminPage.getByTestId('lp-round-ends_at-error').waitFor();
  await adminPage.getByTestId('lp-round-ends_at-error').scrollIntoViewIfNeeded();
  await adminShot('admin-launchpad-end-before-start');

  // The exchange center: bad amounts, a live quote, its confirmation, the quote expiring there, Refresh, accept,
  // the result, the history.
  await go('/pages/exchange/index');
  await page.getByTestId('exchange-amount').waitFor();
  await page.getByTestId('exchange-get-quote').click();
  await page.getByTestId('exchange-amount-error').waitFor();
  await shot('exchange-required');
  await page.getByTestId('exchange-amount').fill('1.5x');
  await page.getByTestId('exchange-amount-error').waitFor();
  await shot('exchange-invalid');
  await page.getByTestId('exchange-amount').fill('1.1234567');
  await page.waitForTimeout(200);
  await shot('exchange-decimals');
  await page.getByTestId('exchange-amount').fill('2');
  await page.getByTestId('exchange-get-quote').click();
  await page.getByTestId('exchange-quote').waitFor();
  await shot('exchange-quote');
  await page.getByTestId('exchange-open-confirm').click();
  await page.getByTestId('exchange-confirm').waitFor();
  await shot('exchange-confirm');
  await page.getByTestId('exchange-confirm-countdown-expired').waitFor({ timeout: 120_000 });
  await shot('exchange-confirm-expired');
  await page.getByTestId('exchange-confirm-refresh').click();
  await page.locator('[data-testid="exchange-confirm-accept"]:not([disabled])').waitFor();
  await page.getByTestId('exchange-confirm-accept').click();
  await page.waitForURL((u) => u.pathname === '/pages/exchange/result');
  await page.getByTestId('exchange-detail-status').waitFor();
  await shot('exchange-result');
  await page.getByTestId('exchange-result-orders').click();
  await page.waitForURL((u) => u.pathname === '/pages/exchange/history');
  await page.locator('[data-testid^="exchange-item-"]').first().waitFor();
  await shot('exchange-history');
  // The form again with the quote of a moment ago expired under it (no dialog).
  await go('/pages/exchange/index');
  await page.getByTestId('exchange-amount').fill('1');
  await page.getByTestId('exchange-get-quote').click();
  await page.getByTestId('exchange-quote-countdown-expired').waitFor({ timeout: 120_000 });
  await shot('exchange-quote-expired');

  // The account page's banners: simple earn's APY and the newest open round, each brought to the front.
  await go('/pages/my/index');
  await page.getByTestId('banners').waitFor();
  await page.getByTestId('banners-pause').click();
  const slides = page.locator('[data-testid^="banners-slide-"]');
  for (const [key, name] of [
    ['banner-earn-apy', 'account-banner-earn'],
    [`banner-launchpad-${cheapRound.id}`, 'account-banner-launchpad'],
  ] as const) {
    const count = await slides.count();
    for (let i = 0; i < count; i++)
      if ((await slides.nth(i).getByTestId(key).count()) > 0) {
        await page.getByTestId(`banners-dot-${i}`).click();
        await page.waitForTimeout(600);
        await shot(name);
        break;
      }
  }
}
