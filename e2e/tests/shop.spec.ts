import { devAccount } from '@agc/contracts';
import { expect, test } from '@playwright/test';
import { createPublicClient, createWalletClient, erc20Abi, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { arbitrum } from 'viem/chains';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { fund, payFrom } from '../support/fund.ts';
import { connectAndWaitForHome, signUp } from '../support/sign-up.ts';
import { installTestWallet } from '../support/test-wallet.ts';

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

test('a wallet with a small USDT allowance left over pays: the approval is set to 0 first, as Tether needs', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  const wallet = await signUp(page, rootCode, 'right');
  await fund(env, wallet.account.address);
  // 1 micro-USDT approved to the payment contract earlier (another app, an earlier order).
  const config = (await (await fetch(`${env.baseURL}/api/v1/config`)).json()).data;
  const transport = http(env.rpcUrl);
  const client = createPublicClient({ transport });
  const allowance = () =>
    client.readContract({
      address: config.contracts.usdt,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.account.address, config.contracts.transfer],
    });
  const leftover = await createWalletClient({
    account: wallet.account,
    transport,
    chain: arbitrum,
  }).writeContract({
    address: config.contracts.usdt,
    abi: erc20Abi,
    functionName: 'approve',
    args: [config.contracts.transfer, 1n],
  });
  await client.waitForTransactionReceipt({ hash: leftover });
  expect(await allowance()).toBe(1n);

  await page.getByTestId('tab-2').click();
  await page.getByTestId('shop-buy-1').click();
  await page.getByTestId('order-confirm').click();
  await page.waitForURL((u) => u.pathname === '/pages/shop/paySuccess', { timeout: 60_000 });
  // AGC approve; USDT to 0, then to the price; pay. Straight from 1 to the price, the token would have reverted.
  expect(wallet.calls.filter((c) => c === 'eth_sendTransaction')).toHaveLength(4);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'Success', {
    timeout: 30_000,
  });
  expect(await allowance()).toBe(0n);
});

test('an auditor confirms in the browser a payment that arrived after the member canceled, with a note', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Dev account 3 (seeded, registered and funded) fetches its payment, cancels the order, then pays it:
  // the money arrived, but for a canceled order, so it waits for an auditor. (Since the payment contract
  // takes only the server's quote for the order's own wallet, another wallet cannot pay for it at all.)
  const member = await apiSession(env.baseURL, devAccount(3));
  const created = await (
    await fetch(`${env.baseURL}/api/v1/order`, {
      method: 'POST',
      headers: { ...member.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: 1 }),
    })
  ).json();
  const orderId: string = created.data.order_id;
  await payFrom(env, devAccount(3), member.headers, orderId, { cancelFirst: true });
  const status = async () =>
    (await (await fetch(`${env.baseURL}/api/v1/order/${orderId}`, { headers: member.headers })).json()).data;
  await expect.poll(async () => (await status()).status, { timeout: 20_000 }).toBe('Verifying');

  await installTestWallet(page, { account: devAccount(0), rpcUrl: env.rpcUrl, startChainId: 42161 });
  await connectAndWaitForHome(page);
  await page.goto('/pages/admin/auditOrder');
  const card = page.getByTestId(`audit-order-${orderId}`);
  await expect(card.getByTestId('audit-reason')).toContainText('after the order was canceled');
  await card.getByTestId('audit-confirm').click();
  await expect(card.getByTestId('audit-note-required')).toBeVisible();
  await card.getByTestId('audit-note').locator('textarea').fill('paid in time, canceled by mistake');
  await card.getByTestId('audit-confirm').click();
  await page.locator('.adm-modal').getByRole('button', { name: 'OK' }).click();
  await expect(card).toBeHidden();
  await expect.poll(async () => (await status()).status).toBe('Success');
  expect((await status()).reason).toBe('Confirmed by an auditor: paid in time, canceled by mistake');
});

test('Buy then Cancel leaves no order; the sheet shows the wallet and stops Confirm while a balance is short', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  const account = privateKeyToAccount(generatePrivateKey());
  await signUp(page, rootCode, 'right', account);

  // An empty wallet: the sheet says what is missing and Confirm stays off; Cancel works.
  await page.goto('/pages/shop/index');
  await page.getByTestId('shop-buy-1').click();
  await expect(page.getByTestId('quote-price')).toContainText('100');
  await expect(page.getByTestId('funds-short')).toBeVisible();
  await expect(page.getByTestId('funds-usdt')).toHaveText('0.00 USDT');
  await expect(page.getByTestId('order-confirm')).toBeDisabled();
  await page.getByTestId('checkout-close').click();
  await expect(page.getByTestId('checkout')).toBeHidden();

  // Funded: the balances are read from the chain and Confirm is offered; Cancel still creates nothing.
  await fund(env, account.address);
  await page.reload();
  await page.getByTestId('shop-buy-1').click();
  await expect(page.getByTestId('funds-usdt')).not.toHaveText('0.00 USDT');
  await expect(page.getByTestId('funds-short')).toHaveCount(0);
  await expect(page.getByTestId('order-confirm')).toBeEnabled();
  await page.getByTestId('checkout-close').click();
  await expect(page.getByTestId('checkout')).toBeHidden();

  await page.goto('/pages/shop/orderList');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  const member = await apiSession(env.baseURL, account);
  const orders = (await (await fetch(`${env.baseURL}/api/v1/order/all`, { headers: member.headers })).json())
    .data;
  expect(orders.total).toBe(0);
});
