import { agcAbi, devAccount, mockUsdtAbi, transferAbi } from '@agc/contracts';
import { AGC_DECIMALS, parseAmount } from '@agc/shared';
import { expect } from '@playwright/test';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  type LocalAccount,
  parseEther,
} from 'viem';
import { arbitrum } from 'viem/chains';
import type { E2EEnv } from './env.ts';

/** Gives a wallet gas, 1 000 USDT and 1 000 AGC on the local chain (the deployer owns AGC; USDT mints openly in dev). */
export async function fund(env: E2EEnv, address: Address) {
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

/** Approves and calls pay(orderId, usdt, agc) from any account, outside the app (another payer, other amounts). */
export async function payFrom(
  env: E2EEnv,
  account: LocalAccount,
  orderId: bigint,
  usdt: bigint,
  agc: bigint,
) {
  const config = (await (await fetch(`${env.baseURL}/api/v1/config`)).json()).data;
  const transport = http(env.rpcUrl);
  const client = createPublicClient({ transport });
  const wallet = createWalletClient({ account, transport, chain: arbitrum });
  const spender = config.contracts.transfer;
  for (const [token, amount] of [
    [config.contracts.token, agc],
    [config.contracts.usdt, usdt],
  ] as const) {
    const hash = await wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, amount],
    });
    await client.waitForTransactionReceipt({ hash });
  }
  const hash = await wallet.writeContract({
    address: spender,
    abi: transferAbi,
    functionName: 'pay',
    args: [orderId, usdt, agc],
  });
  await client.waitForTransactionReceipt({ hash });
}

/**
 * A real purchase of product 1 by `account` (signed in with `headers`): the order through the API, its
 * payment on chain from that wallet, and the watcher's confirmation (polled until Success).
 */
export async function buyProduct(env: E2EEnv, account: LocalAccount, headers: Record<string, string>) {
  const created = await (
    await fetch(`${env.baseURL}/api/v1/order`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: 1 }),
    })
  ).json();
  const orderId: string = created.data.order_id;
  await payFrom(
    env,
    account,
    BigInt(orderId),
    parseAmount(created.data.pay_amount_usdt, 6),
    parseAmount(created.data.service_fee_agc, AGC_DECIMALS),
  );
  await expect
    .poll(
      async () =>
        (await (await fetch(`${env.baseURL}/api/v1/order/${orderId}`, { headers })).json()).data.status,
      { timeout: 30_000 },
    )
    .toBe('Success');
  return orderId;
}
