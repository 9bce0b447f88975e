import { devAccount } from '@agc/contracts';
import { expect, test } from '@playwright/test';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { fund } from '../support/fund.ts';
import { signUp } from '../support/sign-up.ts';

const env = readEnv();
test.use({ baseURL: env.baseURL });

test('a member buys a product in the browser and sees it confirmed in the order list and on home', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  const wallet = await signUp(page, rootCode, 'left');
  await fund(env, wallet.account.address);

  await page.getByTestId('tab-2').click();
  await page.getByTestId('shop-buy-1').click();
  await expect(page.getByTestId('quote-price')).toContainText('100');
  await page.getByTestId('order-confirm').click();
  await expect(page.getByTestId('pay-stepper')).toBeVisible();
  await page.waitForURL((u) => u.pathname === '/pages/shop/paySuccess', { timeout: 60_000 });
  const orderId = new URL(page.url()).searchParams.get('order_id');
  expect(orderId).toMatch(/^\d+$/);
  // The three transactions went out from the wallet, each built by the server.
  expect(wallet.calls.filter((c) => c === 'eth_sendTransaction')).toHaveLength(3);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'Success', {
    timeout: 30_000,
  });

  await page.goto('/pages/shop/orderList');
  const item = page.getByTestId(`order-item-${orderId}`);
  await expect(item.getByTestId('order-status')).toHaveAttribute('data-status', 'Success');

  await page.goto('/');
  await expect(page.getByTestId('home-investment_sum')).toContainText('100');
  await expect(page.getByTestId('home-remaining_dividends')).toContainText('300');
});
