import { parseEventLogs } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agcAbi, mockUsdtAbi, transferAbi } from '../generated/abis.ts';
import { devAccount } from '../src/accounts.ts';
import type { Deployment } from '../src/deploy.ts';
import {
  addressOf,
  agc,
  type Chain,
  deployFresh,
  revertName,
  revertOf,
  startChain,
  usdt,
} from './helpers.ts';

// Token errors bubble up through SafeERC20, so decode with the token ABIs too.
const payAbi = [...transferAbi, ...mockUsdtAbi] as const;

const OWNER = 0;
const PAYER = 2;
const OTHER = 3;

let c: Chain;
let d: Deployment;

beforeAll(async () => {
  c = await startChain();
});
afterAll(async () => {
  await c?.anvil.stop();
});

beforeEach(async () => {
  d = await deployFresh(c, addressOf(1), {
    accounts: [addressOf(PAYER), addressOf(OTHER)],
    usdt: usdt(1_000),
    agc: agc(1_000),
    vaultUsdt: 0n,
    vaultAgc: 0n,
  });
});

async function approve(i: number, usdtAmount: bigint, agcAmount: bigint) {
  const w = c.wallet(i);
  await c.confirm(
    w.writeContract({
      address: d.usdt,
      abi: mockUsdtAbi,
      functionName: 'approve',
      args: [d.transfer, usdtAmount],
    }),
  );
  await c.confirm(
    w.writeContract({ address: d.agc, abi: agcAbi, functionName: 'approve', args: [d.transfer, agcAmount] }),
  );
}

function simulatePay(i: number, orderId: bigint, usdtAmount: bigint, agcAmount: bigint) {
  return c.publicClient.simulateContract({
    account: devAccount(i),
    address: d.transfer,
    abi: payAbi,
    functionName: 'pay',
    args: [orderId, usdtAmount, agcAmount],
  });
}

async function pay(i: number, orderId: bigint, usdtAmount: bigint, agcAmount: bigint) {
  const receipt = await c.confirm(
    c.wallet(i).writeContract({
      address: d.transfer,
      abi: transferAbi,
      functionName: 'pay',
      args: [orderId, usdtAmount, agcAmount],
    }),
  );
  const events = parseEventLogs({ abi: transferAbi, logs: receipt.logs, eventName: 'Paid' });
  expect(events).toHaveLength(1);
  return events[0]?.args;
}

describe('Transfer', () => {
  it('pays an order: moves both tokens to the treasury (the vault by default) and emits Paid', async () => {
    await approve(PAYER, usdt(100), agc(5));
    expect(
      await c.publicClient.readContract({ address: d.transfer, abi: transferAbi, functionName: 'treasury' }),
    ).toBe(d.vault);

    const event = await pay(PAYER, 1n, usdt(100), agc(5));

    expect(event).toEqual({ orderId: 1n, payer: addressOf(PAYER), usdtAmount: usdt(100), agcAmount: agc(5) });
    expect(await c.balances(d, addressOf(PAYER))).toEqual({ usdt: usdt(900), agc: agc(995) });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(100), agc: agc(5) });
    expect(await c.balances(d, d.transfer)).toEqual({ usdt: 0n, agc: 0n });
    expect(
      await c.publicClient.readContract({
        address: d.transfer,
        abi: transferAbi,
        functionName: 'paid',
        args: [1n],
      }),
    ).toBe(true);
    expect(
      await c.publicClient.readContract({
        address: d.transfer,
        abi: transferAbi,
        functionName: 'paid',
        args: [2n],
      }),
    ).toBe(false);
  });

  it('rejects an order id that was already paid, whoever pays', async () => {
    await approve(PAYER, usdt(200), agc(10));
    await approve(OTHER, usdt(200), agc(10));
    await pay(PAYER, 42n, usdt(100), agc(5));

    expect(await revertOf(simulatePay(PAYER, 42n, usdt(100), agc(5)))).toEqual({
      errorName: 'AlreadyPaid',
      args: [42n],
    });
    expect(await revertName(simulatePay(OTHER, 42n, usdt(1), 0n))).toBe('AlreadyPaid');
    expect(await c.balances(d, addressOf(PAYER))).toEqual({ usdt: usdt(900), agc: agc(995) });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(100), agc: agc(5) });
  });

  it('reverts without allowance', async () => {
    expect(await revertName(simulatePay(PAYER, 1n, usdt(100), agc(5)))).toBe('ERC20InsufficientAllowance');
  });

  it('is all or nothing: an AGC allowance shortfall leaves USDT untouched and the order unpaid', async () => {
    await approve(PAYER, usdt(100), agc(1));
    expect(await revertName(simulatePay(PAYER, 1n, usdt(100), agc(5)))).toBe('ERC20InsufficientAllowance');

    // Mine the failing transaction for real (fixed gas skips estimation) to check the state after it.
    const hash = await c.wallet(PAYER).writeContract({
      address: d.transfer,
      abi: transferAbi,
      functionName: 'pay',
      args: [1n, usdt(100), agc(5)],
      gas: 300_000n,
    });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('reverted');
    expect(await c.balances(d, addressOf(PAYER))).toEqual({ usdt: usdt(1_000), agc: agc(1_000) });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: 0n, agc: 0n });
    expect(
      await c.publicClient.readContract({
        address: d.transfer,
        abi: transferAbi,
        functionName: 'paid',
        args: [1n],
      }),
    ).toBe(false);
  });

  it('reverts when the payer lacks the balance', async () => {
    await approve(PAYER, usdt(5_000), agc(5));
    expect(await revertName(simulatePay(PAYER, 1n, usdt(5_000), agc(5)))).toBe('ERC20InsufficientBalance');
  });

  it('rejects a zero USDT amount', async () => {
    await approve(PAYER, usdt(100), agc(5));
    expect(await revertName(simulatePay(PAYER, 1n, 0n, agc(5)))).toBe('ZeroAmount');
  });

  it('reports exactly what was paid and by whom, even when it is not what the order asked', async () => {
    await approve(OTHER, usdt(100), agc(5));

    // Order 7 may cost 100 USDT + 5 AGC; the event must carry the real amounts so the server can refuse it.
    const event = await pay(OTHER, 7n, usdt(1), 0n);

    expect(event).toEqual({ orderId: 7n, payer: addressOf(OTHER), usdtAmount: usdt(1), agcAmount: 0n });
    expect(await c.balances(d, addressOf(OTHER))).toEqual({ usdt: usdt(999), agc: agc(1_000) });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(1), agc: 0n });
  });

  it('lets only the owner change the treasury', async () => {
    const newTreasury = addressOf(9);
    expect(
      await revertName(
        c.publicClient.simulateContract({
          account: devAccount(PAYER),
          address: d.transfer,
          abi: transferAbi,
          functionName: 'setTreasury',
          args: [newTreasury],
        }),
      ),
    ).toBe('OwnableUnauthorizedAccount');

    const receipt = await c.confirm(
      c.wallet(OWNER).writeContract({
        address: d.transfer,
        abi: transferAbi,
        functionName: 'setTreasury',
        args: [newTreasury],
      }),
    );
    const [changed] = parseEventLogs({ abi: transferAbi, logs: receipt.logs, eventName: 'TreasuryChanged' });
    expect(changed?.args).toEqual({ previousTreasury: d.vault, newTreasury });

    const before = await c.balances(d, newTreasury);
    await approve(PAYER, usdt(10), agc(1));
    await pay(PAYER, 3n, usdt(10), agc(1));
    expect(await c.balances(d, newTreasury)).toEqual({
      usdt: before.usdt + usdt(10),
      agc: before.agc + agc(1),
    });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: 0n, agc: 0n });
  });
});
