import { formatAssetAmount, parseAmount, USDT_DECIMALS } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { expect, type Page, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { auditPage, smallTapTargets } from '../support/a11y.ts';
import { apiData } from '../support/api.ts';
import type { E2EEnv } from '../support/env.ts';
import { buyProduct, memberWithInvitee } from '../support/fund.ts';
import { startServer, stopServer } from '../support/server.ts';
import { openAs } from '../support/sign-up.ts';
import { en } from '../support/texts.ts';

// The exchange center in the browser: a member with available USDT (a referral reward) asks for a quote, lets it
// expire on screen (the form and the confirmation count the same seconds, from the server's clock even though the
// browser's is an hour off), refreshes it, accepts, sees the result, finds it in the history, and the balances moved
// by exactly the quote's figures.
//
// Its own server whose quotes hold 5 s (EXCHANGE_QUOTE_TTL_SECONDS), so a quote expires while the test watches.

type Headers = Record<string, string>;
const TTL_SECONDS = 5;
const member = privateKeyToAccount(generatePrivateKey());
const invitee = privateKeyToAccount(generatePrivateKey());
let server: E2EEnv;
let memberHeaders: Headers;

const api = <T>(path: string) => apiData<T>(server, memberHeaders, path);
interface Info {
  available_usdt: string;
  available_agc: string;
  price_usdt: string;
  fee_percent: string;
  quote_ttl_seconds: number;
}
/** axe finds nothing and every tap target is at least 44 px (the accessibility checks of a11y.spec.ts). */
async function expectAccessible(page: Page, where: string) {
  const report = await auditPage(page);
  expect.soft(report.violations, `${where}: axe violations`).toEqual([]);
  expect.soft(smallTapTargets(report), `${where}: tap targets under 44 px`).toEqual([]);
}
const usdt = (text: string) => parseAmount(text, USDT_DECIMALS);
const agc = (text: string) => parseAmount(text, 18);
/** What the form shows of an available USDT balance: the asset's summary ('Available 8.00 USDT'), as on home. */
const availableText = (value: string) => `${en.exchange.available} ${formatAssetAmount(value, 'USDT')}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ EXCHANGE_QUOTE_TTL_SECONDS: String(TTL_SECONDS) });
  const signedUp = await memberWithInvitee(server, member, invitee, 'left');
  memberHeaders = signedUp.memberHeaders;
  // The member buys, then its invitee: the referral reward makes the member's available USDT.
  await buyProduct(server, member, memberHeaders);
  await buyProduct(server, invitee, signedUp.inviteeHeaders);
  expect(usdt((await api<Info>('exchange/info')).available_usdt)).toBeGreaterThan(0n);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

test('quote, expiry on screen, refresh, accept, result, history, balances moved', async ({ browser }) => {
  test.setTimeout(120_000);
  const before = await api<Info>('exchange/info');
  expect(before.quote_ttl_seconds).toBe(TTL_SECONDS);
  const page = await openAs(browser, member, server);
  // The device's clock an hour behind the server's: the countdown must follow the server's.
  await page.clock.setSystemTime(new Date(Date.now() - 3_600_000));
  expect(await page.evaluate(() => Date.now())).toBeLessThan(Date.now() - 3_500_000);

  await page.getByTestId('home-entry-exchange').click();
  await page.waitForURL((u) => u.pathname === '/pages/exchange/index');
  await expect(page.getByTestId('exchange-available-from')).toHaveText(availableText(before.available_usdt));

  await expectAccessible(page, 'exchange form');

  // The spec's messages, nothing asked of the server.
  await page.getByTestId('exchange-get-quote').click();
  await expect(page.getByTestId('exchange-amount-error')).toHaveText(en.exchange.errors.amount_required);
  await page.getByTestId('exchange-amount').fill('1.5x');
  await expect(page.getByTestId('exchange-amount-error')).toHaveText(en.exchange.errors.amount_invalid);
  await page.getByTestId('exchange-amount').fill('1.1234567');
  await expect(page.getByTestId('exchange-amount-error')).toHaveText(
    en.exchange.errors.amount_decimals.replace('{{decimals}}', '6'),
  );

  // A quote of 2 USDT: its countdown starts at the server's TTL on the form and in the confirmation.
  await page.getByTestId('exchange-amount').fill('2');
  await page.getByTestId('exchange-get-quote').click();
  await expect(page.getByTestId('exchange-quote')).toBeVisible();
  await expect(page.getByTestId('exchange-quote-rate')).toContainText(`1 AGC = `);
  const formTime = page.getByTestId('exchange-quote-countdown-time');
  await expect(formTime).toHaveText(/^00:0[1-5]$/);
  await page.getByTestId('exchange-open-confirm').click();
  const dialog = page.getByTestId('exchange-confirm');
  await expect(dialog).toBeVisible();
  const dialogTime = page.getByTestId('exchange-confirm-countdown-time');
  // One clock: read in one go (one task of the page), the form and the confirmation show the same seconds, counting
  // down until both say the quote expired.
  const both = () =>
    page.evaluate(() =>
      ['exchange-quote-countdown-time', 'exchange-confirm-countdown-time'].map(
        (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null,
      ),
    );
  const seen: string[] = [];
  for (const started = Date.now(); Date.now() - started < (TTL_SECONDS + 5) * 1000; ) {
    const [form, confirm] = await both();
    expect(form).toBe(confirm);
    if (form === null || form === undefined) break;
    if (seen.at(-1) !== form) seen.push(form);
    await page.waitForTimeout(150);
  }
  expect(seen.length).toBeGreaterThan(1);
  expect([...seen].sort().reverse()).toEqual(seen); // never up
  expect(seen.every((s) => /^00:0[1-5]$/.test(s))).toBe(true);

  // Expired on screen: both say so, confirm is off.
  await expect(page.getByTestId('exchange-confirm-countdown-expired')).toHaveText(en.exchange.expired);
  await expect(page.getByTestId('exchange-quote-countdown-expired')).toHaveText(en.exchange.expired);
  await expect(page.getByTestId('exchange-confirm-accept')).toBeDisabled();
  await expectAccessible(page, 'exchange confirmation, expired');
  // Nothing was exchanged.
  expect((await api<{ list: unknown[] }>('exchange/history?page=1&size=50')).list).toEqual([]);

  // Refresh: a fresh quote, the countdown back at the top, confirm on; accept it at once.
  await page.getByTestId('exchange-confirm-refresh').click();
  await expect(dialogTime).toHaveText(/^00:0[1-5]$/);
  await expect(page.getByTestId('exchange-confirm-accept')).toBeEnabled();
  const receive = (await page.getByTestId('exchange-confirm-receive').textContent()) ?? '';
  await page.getByTestId('exchange-confirm-accept').click();

  // The result page: accepted, with the quote's figures.
  await page.waitForURL((u) => u.pathname === '/pages/exchange/result');
  const id = defined(new URL(page.url()).searchParams.get('id'));
  expect(id).toMatch(/^\d+$/);
  await expect(page.getByTestId('exchange-result')).toContainText(en.exchange.result.accepted);
  await expect(page.getByTestId('exchange-detail-status')).toHaveText(en.exchange.status.Accepted);
  await expect(page.getByTestId('exchange-detail-pay')).toHaveText('2.00 USDT');
  await expect(page.getByTestId('exchange-detail-receive')).toHaveText(receive);
  // The member's first exchange: "#1", whatever its id among everyone's.
  await expect(page.getByTestId('exchange-detail-id')).toHaveText('#1');
  await page.screenshot({ path: test.info().outputPath('result-en.png'), fullPage: true });
  await expectAccessible(page, 'exchange result');
  const exchange = await api<{ amount_in: string; fee: string; amount_out: string; status: string }>(
    `exchange/quotes/${id}`,
  );
  expect(exchange.status).toBe('Accepted');
  expect(exchange.amount_in).toBe('2');

  // The history shows it.
  await page.getByTestId('exchange-result-orders').click();
  await page.waitForURL((u) => u.pathname === '/pages/exchange/history');
  const item = page.getByTestId(`exchange-item-${id}`);
  await expect(item).toContainText('USDT → AGC');
  await expect(item).toContainText('2.00 USDT');
  await expect(item.getByTestId('exchange-item-number')).toHaveText('#1');
  await expect(page.getByTestId('list-no-more')).toHaveText(en.common.noMore);
  await page.screenshot({ path: test.info().outputPath('history-en.png'), fullPage: true });
  // The same numbers in Japanese.
  await page.evaluate(() => localStorage.setItem('lang', 'ja'));
  await page.reload();
  await expect(item.getByTestId('exchange-item-number')).toHaveText('#1');
  await page.screenshot({ path: test.info().outputPath('history-ja.png'), fullPage: true });
  await item.click();
  await expect(page.getByTestId('exchange-detail-id')).toHaveText('#1');
  await page.screenshot({ path: test.info().outputPath('result-ja.png'), fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await expectAccessible(page, 'exchange history');

  // Balances moved by exactly what was paid and what arrived.
  const after = await api<Info>('exchange/info');
  expect(usdt(after.available_usdt)).toBe(usdt(before.available_usdt) - usdt(exchange.amount_in));
  expect(agc(after.available_agc)).toBe(agc(before.available_agc) + agc(exchange.amount_out));
  await page.goto('/pages/exchange/index');
  await expect(page.getByTestId('exchange-available-from')).toHaveText(availableText(after.available_usdt));
});
