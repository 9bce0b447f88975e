import { expect, type Page, test } from '@playwright/test';
import { readEnv } from '../support/env.ts';
import { en, webTexts } from '../support/texts.ts';

// The local wallet's USDT values come from the server's public GET /prices: a visitor (never signed in) gets
// them, and when that read fails the balances show alone with a note saying why, in the visitor's language.
const env = readEnv();
test.use({ baseURL: env.baseURL, viewport: { width: 390, height: 844 } });

const PASSWORD = 'correct horse battery';
const ja = webTexts('ja');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function createWallet(page: Page) {
  await page.goto('/pages/localWallet/index');
  await page.getByTestId('local-password').fill(PASSWORD);
  await page.getByTestId('local-password-confirm').fill(PASSWORD);
  await page.getByTestId('local-submit').click();
  await expect(page.getByTestId('local-address')).toBeVisible({ timeout: 20_000 });
}

test('a visitor reads the public prices without signing in; the API answers them without a token', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/v1/prices');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.data).toMatchObject({ agc_usdt: '0.5', eth_usdt: '3000', source: 'fixed' });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/prices')) asked.push(r.headers().authorization ?? '');
  });
  await createWallet(page);
  // An empty wallet is worth 0 at any price: the values show as 0, from the prices just read.
  await expect(page.getByTestId('local-value-ETH')).toHaveText('≈ 0.00 USDT', { timeout: 20_000 });
  await expect(page.getByTestId('local-value-AGC')).toHaveText('≈ 0.00 USDT');
  // The browser tests' server prices are fixed: the values say so.
  await expect(page.getByTestId('local-price-source')).toHaveText('Fixed price — not from the market');
  expect(asked).toEqual(['']); // one read, no sign-in token
});

test('when the prices cannot be read the balances show alone, and the card says so (en, ja)', async ({
  page,
}) => {
  await page.route('**/api/v1/prices', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"code":500,"msg":"down","data":null}',
    }),
  );
  await createWallet(page);
  await expect(page.getByTestId('local-prices-failed')).toHaveText(
    en.localWalletPages.index.pricesUnavailable,
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByTestId('local-balance-USDT')).toHaveText('0.00 USDT');
  await expect(page.getByTestId('local-value-ETH')).toHaveCount(0);
  await expect(page.getByTestId('local-value-AGC')).toHaveCount(0);
  await shot(page, 'prices-failed-en');
  await page.evaluate(() => localStorage.setItem('lang', 'ja'));
  await page.reload();
  await expect(page.getByTestId('local-prices-failed')).toHaveText(
    ja.localWalletPages.index.pricesUnavailable,
    {
      timeout: 20_000,
    },
  );
  await shot(page, 'prices-failed-ja');
});
