import { agcAbi, devAccount, mockUsdtAbi } from '@agc/contracts';
import { expect } from '@playwright/test';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  http,
  type LocalAccount,
  parseEther,
} from 'viem';
import { arbitrum } from 'viem/chains';
import { apiData, apiSession } from './api.ts';
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

/**
 * Pays an order outside the app, as a wallet would with the server's three transactions: approve the AGC
 * fee and the USDT price, then the server-built pay (its signed quote binds it to the order's member).
 * `cancelFirst` cancels the order between fetching the transactions and sending them: a payment that
 * arrives after the member canceled (it stays Verifying for an auditor).
 */
export async function payFrom(
  env: E2EEnv,
  account: LocalAccount,
  headers: Record<string, string>,
  orderId: string,
  { cancelFirst = false }: { cancelFirst?: boolean } = {},
) {
  const transport = http(env.rpcUrl);
  const client = createPublicClient({ transport });
  const wallet = createWalletClient({ account, transport, chain: arbitrum });
  const txs = [];
  for (const path of [
    `order/approve/agc/${orderId}`,
    `order/approve/usdt/${orderId}`,
    `order/tx/${orderId}`,
  ]) {
    txs.push((await apiData<{ tx: { to: Address; data: `0x${string}` } }>(env, headers, path)).tx);
  }
  if (cancelFirst) {
    const canceled = await (
      await fetch(`${env.baseURL}/api/v1/order/cancel`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: orderId }),
      })
    ).json();
    if (canceled.code !== 200) throw new Error(`cancel: ${JSON.stringify(canceled)}`);
  }
  for (const tx of txs) {
    const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data });
    await client.waitForTransactionReceipt({ hash });
  }
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
  await payFrom(env, account, headers, orderId);
  await expect
    .poll(
      async () =>
        (await (await fetch(`${env.baseURL}/api/v1/order/${orderId}`, { headers })).json()).data.status,
      { timeout: 30_000 },
    )
    .toBe('Success');
  return orderId;
}

/**
 * Signs `member` up under the root (dev account 0) on `side` and `invitee` under `member` (left), and
 * funds both (gas, 1 000 USDT, 1 000 AGC); nobody has bought yet. Returns their API headers.
 */
export async function memberWithInvitee(
  env: E2EEnv,
  member: LocalAccount,
  invitee: LocalAccount,
  side: 'left' | 'right',
) {
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  const signedUp = await apiSession(env.baseURL, member, { code: rootCode, side });
  const inviteeHeaders = (
    await apiSession(env.baseURL, invitee, { code: signedUp.me.invite_code, side: 'left' })
  ).headers;
  await fund(env, member.address);
  await fund(env, invitee.address);
  return { memberHeaders: signedUp.headers, inviteeHeaders };
}
