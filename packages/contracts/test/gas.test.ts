// Gas of the member-facing calls, from real receipts (the figures in README.md come from this file).
// Balances and allowances are non-zero before each call, as in steady operation, so token transfers do
// not pay for fresh storage; every voucher id and order id is new, as in real use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agcAbi, mockUsdtAbi, transferAbi, vaultAbi } from '../generated/abis.ts';
import { devAccount, devQuoteSigner } from '../src/accounts.ts';
import type { Deployment } from '../src/deploy.ts';
import { signPaymentQuote } from '../src/quote.ts';
import { signWithdrawVoucher } from '../src/voucher.ts';
import { addressOf, agc, chainForFile, deployFresh, usdt } from './helpers.ts';

const SIGNER = 1;
const MEMBER = 2;
const HOUR = 3_600n;

const c = await chainForFile();
let d: Deployment;
const figures: Record<string, bigint> = {};

beforeAll(async () => {
  d = await deployFresh(c, addressOf(SIGNER), {
    accounts: [addressOf(MEMBER)],
    usdt: usdt(10_000),
    agc: agc(10_000),
    vaultUsdt: usdt(100_000),
    vaultAgc: agc(100_000),
  });
  for (const [token, abi] of [
    [d.usdt, mockUsdtAbi],
    [d.agc, agcAbi],
  ] as const) {
    await c.confirm(
      c.wallet(MEMBER).writeContract({
        address: token,
        abi,
        functionName: 'approve',
        args: [d.transfer, 10n ** 30n],
      }),
    );
  }
});
afterAll(() => {
  console.table(Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, { gasUsed: Number(v) }])));
});

let nextId = 1n;

async function pay(usdtAmount: bigint, agcAmount: bigint) {
  const quote = {
    orderId: nextId++,
    payer: addressOf(MEMBER),
    usdtAmount,
    agcAmount,
    deadline: (await c.now()) + 900n,
  };
  const signature = await signPaymentQuote(devQuoteSigner(), d.chainId, d.transfer, quote);
  const receipt = await c.confirm(
    c.wallet(MEMBER).writeContract({
      address: d.transfer,
      abi: transferAbi,
      functionName: 'pay',
      args: [quote.orderId, usdtAmount, agcAmount, quote.deadline, signature],
    }),
  );
  return receipt.gasUsed;
}

async function claim(token: 'usdt' | 'agc', amount: bigint) {
  const voucher = {
    id: nextId++,
    account: addressOf(MEMBER),
    token: d[token],
    amount,
    deadline: (await c.now()) + HOUR,
  };
  const signature = await signWithdrawVoucher(devAccount(SIGNER), d.chainId, d.vault, voucher);
  const receipt = await c.confirm(
    c.wallet(MEMBER).writeContract({
      address: d.vault,
      abi: vaultAbi,
      functionName: 'claim',
      args: [voucher.id, voucher.token, amount, voucher.deadline, signature],
    }),
  );
  return receipt.gasUsed;
}

describe('gas', () => {
  it('pay', async () => {
    figures['pay (USDT + AGC)'] = await pay(usdt(100), agc(5));
    figures['pay (USDT only)'] = await pay(usdt(100), 0n);
    expect(figures['pay (USDT + AGC)']).toBeLessThan(120_000n);
  });

  it('claim', async () => {
    const start = ((await c.now()) / HOUR + 1n) * HOUR;
    await c.mineAt(start + 60n);
    figures['claim: first of an hour, bucket never used'] = await claim('usdt', usdt(10));
    figures['claim: later in the same hour'] = await claim('usdt', usdt(10));
    figures['claim: first of an hour, AGC'] = await claim('agc', agc(10));

    // 25 hours on, the hour maps to the same bucket again: it is overwritten, not added to.
    await c.mineAt(start + 25n * HOUR + 60n);
    figures['claim: first of an hour, stale bucket reused'] = await claim('usdt', usdt(10));
    figures['claim: later in the same hour (2)'] = await claim('usdt', usdt(10));
    expect(
      await c.publicClient.readContract({
        address: d.vault,
        abi: vaultAbi,
        functionName: 'outflowLast24h',
        args: [d.usdt],
      }),
    ).toBe(usdt(20));
    for (const gas of Object.values(figures)) expect(gas).toBeLessThan(200_000n);
  });
});
