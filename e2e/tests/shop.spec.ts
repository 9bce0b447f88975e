import { agcAbi, devAccount, mockUsdtAbi } from '@agc/contracts';
import { expect, test } from '@playwright/test';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { arbitrum } from 'viem/chains';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { signUp } from '../support/sign-up.ts';

const env = readEnv();
test.use({ baseURL: env.baseURL });

/** Gives a wallet gas, 1 000 USDT and 1 000 AGC on the local chain (the deployer owns AGC; USDT mints openly in dev). */
async function fund(address: Address) {
  const config = (await (await fetch(`${env.baseURL}/api/v1/config`)).json()).data;
  const transport = http(env.rpcUrl);
  const client = createPublicClient({ transport });
  const owner = createWalletClient({ account: devAccount(0), transport, chain: arbitrum });
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [address, `0x${parseEther('1').toString(16)}`] as never,
  });
  const usdt = await owner.writeContract({
    address: config.contracts.usdt,
    abi: mockUsdtAbi,
    functionName: 'mint',
    args: [address, 1000n * 10n ** 6n],
  });
  const agc = await owner.writeContract({
    address: config.contracts.token,
    abi: agcAbi,
    functionName: 'mint',
    args: [address, 1000n * 10n ** 18n],
  });
  for (const hash of [usdt, agc]) await client.waitForTransactionReceipt({ hash });
}

test('a member buys a product in the browser and sees it confirmed in the order list and on home', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  const wallet = await signUp(page, rootCode, 'left');
  await fund(wallet.account.address);

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
