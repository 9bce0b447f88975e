// @vitest-environment node
import type { FundOrder, TxResponse } from '@agc/shared';
import { UserRejectedRequestError } from '@web/lib/wallet/errors.ts';
import {
  PayError,
  QuoteExpiredError,
  UnexpectedTxError,
  WrongWalletError,
} from '@web/lib/wallet/payment-errors.ts';
import { CONFIG } from '@web/test/config.ts';
import { approveData, fundStepTx } from '@web/test/payment-fakes.ts';
import { fakeWaitForReceipt, fakeWallet, hash } from '@web/test/wallet-fakes.ts';
import { describe, expect, it } from 'vitest';
import type { FundPayStep } from '../api/get-fund-tx.ts';
import { fundOrder, MEMBER, NOW } from '../test/fund-fixtures.ts';
import { memoryFundProgressStore } from './deps.ts';
import {
  type FundOrderProgress,
  type FundPaymentDeps,
  runFundPayment,
  type StepState,
} from './run-fund-payment.ts';

const CONTRACTS = { usdt: CONFIG.contracts.usdt, transfer: CONFIG.contracts.transfer };
const AMOUNT = 300_000_000n;

const stepTx = (step: FundPayStep, over: Partial<TxResponse['tx']> = {}) => fundStepTx(step, AMOUNT, over);

function fake(
  options: {
    allowance?: bigint;
    progress?: Record<string, FundOrderProgress>;
    account?: string;
    send?: (tx: TxResponse['tx']) => Promise<`0x${string}`>;
    receipt?: (h: `0x${string}`) => Promise<'success' | 'reverted'>;
    tx?: (step: FundPayStep) => TxResponse;
    now?: number;
  } = {},
) {
  const log: string[] = [];
  const states: [FundPayStep, StepState][] = [];
  const progress = memoryFundProgressStore(options.progress);
  const deps: FundPaymentDeps = {
    fetchStepTx: async (step, id) => {
      log.push(`fetch:${step}:${id}`);
      return (options.tx ?? stepTx)(step);
    },
    reportPaid: async (id, h) => {
      log.push(`report:${id}:${h}`);
      return fundOrder({ order_id: id, status: 'Paid', tx_hash: h });
    },
    wallet: fakeWallet(log, { account: options.account, send: options.send }),
    chain: {
      allowance: async (token, owner, spender) => {
        log.push(`allowance:${token}:${owner}:${spender}`);
        return options.allowance ?? 0n;
      },
      waitForReceipt: fakeWaitForReceipt(log, options.receipt),
    },
    progress,
    sleep: async (ms) => {
      log.push(`sleep:${ms}`);
    },
    now: () => options.now ?? NOW,
  };
  return { log, states, progress, deps };
}

const run = (f: ReturnType<typeof fake>, order: FundOrder = fundOrder()) =>
  runFundPayment({
    order,
    contracts: CONTRACTS,
    deps: f.deps,
    onStep: (step, state) => f.states.push([step, state]),
  });

describe('runFundPayment', () => {
  it('approves USDT, pays, pausing 1 s after each, then reports the pay hash (→ Paid)', async () => {
    const f = fake();
    const result = await run(f);
    expect(result.status).toBe('Paid');
    expect(f.log).toEqual([
      'fetch:authUsd:501',
      `allowance:${CONTRACTS.usdt}:${MEMBER}:${CONTRACTS.transfer}`,
      'account',
      'ensureChain',
      `send:${CONTRACTS.usdt}`,
      `receipt:${hash(1)}`,
      'sleep:1000',
      'fetch:paying:501',
      'ensureChain',
      `send:${CONTRACTS.transfer}`,
      `receipt:${hash(2)}`,
      'sleep:1000',
      `report:501:${hash(2)}`,
    ]);
    expect(f.states).toEqual([
      ['authUsd', 'process'],
      ['authUsd', 'finish'],
      ['paying', 'process'],
      ['paying', 'finish'],
    ]);
    expect(f.progress.get('501')).toEqual({});
  });

  it('skips the approval when the allowance already covers the amount', async () => {
    const f = fake({ allowance: AMOUNT });
    await run(f);
    expect(f.log.filter((l) => l.startsWith('send:'))).toEqual([`send:${CONTRACTS.transfer}`]);
    expect(f.states).toContainEqual(['authUsd', 'skipped']);
  });

  it('sets a leftover allowance below the amount to 0 first, then approves (USDT refuses non-zero to non-zero)', async () => {
    const sent: string[] = [];
    const f = fake({
      allowance: 1n,
      send: async (tx) => {
        sent.push(tx.data);
        return hash(sent.length);
      },
    });
    await run(f);
    const approve = (value: bigint) => approveData(CONTRACTS.transfer, value);
    expect(sent).toEqual([approve(0n), approve(AMOUNT), '0xdeadbeef']);
    expect(f.states).toContainEqual(['authUsd', 'finish']);
  });

  it('resumes a pay transaction sent before: waits for it and reports it, never sends again', async () => {
    const f = fake({ progress: { '501': { paying: hash(9) } } });
    const result = await run(f);
    expect(result.status).toBe('Paid');
    expect(f.log).toEqual([`receipt:${hash(9)}`, `report:501:${hash(9)}`]);
  });

  it('refuses a transaction for another contract or spender, sending nothing', async () => {
    const f = fake({ tx: (step) => stepTx(step, { to: '0x00000000000000000000000000000000000000ee' }) });
    await expect(run(f)).rejects.toBeInstanceOf(UnexpectedTxError);
    expect(f.log.some((l) => l.startsWith('send:'))).toBe(false);
    expect(f.states.at(-1)).toEqual(['authUsd', 'error']);
  });

  it('stops before a step once the quote has expired', async () => {
    const f = fake({ now: NOW + 31 * 60_000 });
    await expect(run(f)).rejects.toBeInstanceOf(QuoteExpiredError);
    expect(f.log).toEqual([]);
  });

  it('refuses another wallet account than the order’s', async () => {
    const f = fake({ account: '0x00000000000000000000000000000000000000aa' });
    await expect(run(f)).rejects.toBeInstanceOf(WrongWalletError);
    expect(f.log.some((l) => l.startsWith('send:'))).toBe(false);
  });

  it('a reverted payment is a failure and leaves nothing to resume', async () => {
    const f = fake({ allowance: AMOUNT, receipt: async () => 'reverted' });
    await expect(run(f)).rejects.toBeInstanceOf(PayError);
    expect(f.progress.get('501')).toEqual({ paying: undefined });
  });

  it('passes a refusal in the wallet on as a quiet UserRejectedRequestError', async () => {
    const f = fake({
      send: async () => {
        throw Object.assign(new Error('User rejected'), { code: 4001 });
      },
    });
    await expect(run(f)).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it('does nothing for an order already paid', async () => {
    const f = fake();
    const paid = fundOrder({ status: 'Processing' });
    await expect(run(f, paid)).resolves.toBe(paid);
    expect(f.log).toEqual([]);
  });
});
