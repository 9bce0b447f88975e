// @vitest-environment node
import type { Order } from '@agc/shared';
import { ApiError } from '@web/lib/request.ts';
import { UserRejectedRequestError } from '@web/lib/wallet/errors.ts';
import {
  OrderNotPayableError,
  PayError,
  QuoteExpiredError,
  toPayError,
  UnexpectedTxError,
  WrongWalletError,
} from '@web/lib/wallet/payment-errors.ts';
import { MEMBER, makeOrder, NOW } from '@web/test/fixtures.ts';
import {
  AGC_FEE,
  approveData,
  CONTRACTS,
  type Fake,
  fake,
  hash,
  stepTx,
  USDT_PRICE,
} from '@web/test/payment-fakes.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderProgress } from '../stores/pay-progress.ts';
import { runPayment, STEP_PAUSE_MS } from './run-payment.ts';

const order = makeOrder;

async function run(f: Fake, o: Order = order()) {
  return runPayment({
    order: o,
    contracts: CONTRACTS,
    deps: f.deps,
    onStep: (step, state) => f.states.push([step, state]),
  });
}

const sends = (f: Fake) => f.log.filter((l) => l.startsWith('send:'));
/** How each step ended (its states but 'process'). */
const endStates = (f: Fake) => f.states.filter(([, s]) => s !== 'process');
/** Every step finished (the approvals by an earlier attempt, or now). */
const ALL_FINISHED = [
  ['authAmc', 'finish'],
  ['authUsd', 'finish'],
  ['paying', 'finish'],
];

afterEach(() => {
  vi.useRealTimers();
});

describe('runPayment: the three steps', () => {
  it('approves AGC, approves USDT, pays, pausing 1 s after each, then reports the pay hash', async () => {
    const f = fake();
    const result = await run(f);
    expect(result.status).toBe('Verifying');
    expect(f.log).toEqual([
      `fetch:authAmc:42`,
      `allowance:${CONTRACTS.token}:${MEMBER}:${CONTRACTS.transfer}`,
      'account',
      'ensureChain',
      `send:${CONTRACTS.token}`,
      `receipt:${hash(1)}`,
      'sleep:1000',
      'fetch:authUsd:42',
      `allowance:${CONTRACTS.usdt}:${MEMBER}:${CONTRACTS.transfer}`,
      'ensureChain',
      `send:${CONTRACTS.usdt}`,
      `receipt:${hash(2)}`,
      'sleep:1000',
      'fetch:paying:42',
      'ensureChain',
      `send:${CONTRACTS.transfer}`,
      `receipt:${hash(3)}`,
      'sleep:1000',
      `report:42:${hash(3)}`,
    ]);
    expect(STEP_PAUSE_MS).toBe(1000);
    expect(f.states).toEqual([
      ['authAmc', 'process'],
      ['authAmc', 'finish'],
      ['authUsd', 'process'],
      ['authUsd', 'finish'],
      ['paying', 'process'],
      ['paying', 'finish'],
    ]);
    // reported: nothing left to resume
    expect(f.progress.get('42')).toEqual({});
  });

  it('waits 1000 ms after a step before fetching the next one (fake timers)', async () => {
    vi.useFakeTimers();
    const f = fake({ realSleep: true });
    const done = run(f);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.log.at(-1)).toBe(`receipt:${hash(1)}`);
    await vi.advanceTimersByTimeAsync(999);
    expect(f.log).not.toContain('fetch:authUsd:42');
    await vi.advanceTimersByTimeAsync(1);
    expect(f.log).toContain('fetch:authUsd:42');
    expect(f.log).not.toContain('fetch:paying:42');
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.log).toContain('fetch:paying:42');
    // the pay step pauses too before the report
    expect(f.log.some((l) => l.startsWith('report:'))).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(f.log.some((l) => l.startsWith('report:'))).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toMatchObject({ status: 'Verifying' });
  });

  it('keeps each hash as soon as the wallet returns it, before the receipt', async () => {
    let seen: OrderProgress | undefined;
    const f = fake({
      receipt: async (h) => {
        if (h === hash(3)) seen = f.progress.get('42');
        return 'success';
      },
    });
    await run(f);
    expect(seen).toEqual({ authAmc: hash(1), authUsd: hash(2), paying: hash(3) });
  });
});

describe('runPayment: allowances', () => {
  it('skips both approvals when the allowances already cover the amounts, without pausing', async () => {
    const f = fake({ allowances: { token: AGC_FEE, usdt: USDT_PRICE * 2n } });
    await run(f);
    expect(sends(f)).toEqual([`send:${CONTRACTS.transfer}`]);
    expect(f.log.filter((l) => l.startsWith('sleep:'))).toEqual(['sleep:1000']); // after pay only
    expect(f.states).toEqual([
      ['authAmc', 'process'],
      ['authAmc', 'skipped'],
      ['authUsd', 'process'],
      ['authUsd', 'skipped'],
      ['paying', 'process'],
      ['paying', 'finish'],
    ]);
  });

  it('sends only the approval that is not covered', async () => {
    const f = fake({ allowances: { token: 0n, usdt: USDT_PRICE } });
    await run(f);
    expect(sends(f)).toEqual([`send:${CONTRACTS.token}`, `send:${CONTRACTS.transfer}`]);
    expect(endStates(f)).toEqual([
      ['authAmc', 'finish'],
      ['authUsd', 'skipped'],
      ['paying', 'finish'],
    ]);
  });

  it('sets a non-zero allowance that is too small to 0 first (USDT reverts approve from non-zero to non-zero)', async () => {
    const f = fake({ allowances: { token: AGC_FEE - 1n, usdt: 1n } });
    await run(f);
    // AGC and USDT: the reset, then the approval; then pay.
    expect(sends(f)).toEqual([
      `send:${CONTRACTS.token}`,
      `send:${CONTRACTS.token}`,
      `send:${CONTRACTS.usdt}`,
      `send:${CONTRACTS.usdt}`,
      `send:${CONTRACTS.transfer}`,
    ]);
    expect(f.allowances[CONTRACTS.usdt]).toBe(USDT_PRICE);
    expect(endStates(f)).toEqual(ALL_FINISHED);
  });

  it('offered no reset, it does not approve over a non-zero allowance (USDT would revert it) and stops', async () => {
    const f = fake({
      allowances: { token: AGC_FEE, usdt: 1n },
      tx: (step) => ({ ...stepTx(step), reset_tx: null }),
    });
    await expect(run(f)).rejects.toBeInstanceOf(UnexpectedTxError);
    expect(sends(f)).toEqual([]);
  });

  it('refuses a reset that is not approve(payment contract, 0) of the same token', async () => {
    for (const reset of [
      { to: CONTRACTS.usdt, data: approveData(CONTRACTS.transfer, 1n) },
      { to: CONTRACTS.usdt, data: approveData(MEMBER, 0n) },
      { to: CONTRACTS.token, data: approveData(CONTRACTS.transfer, 0n) },
    ]) {
      const f = fake({
        allowances: { token: AGC_FEE, usdt: 1n },
        tx: (step) => {
          const t = stepTx(step);
          return step === 'authUsd' && t.reset_tx ? { ...t, reset_tx: { ...t.reset_tx, ...reset } } : t;
        },
      });
      await expect(run(f)).rejects.toBeInstanceOf(UnexpectedTxError);
      expect(sends(f)).toEqual([]);
    }
  });
});

describe('runPayment: resume', () => {
  it('after a reload, a sent but unreported pay transaction is waited for and reported, never sent again', async () => {
    const f = fake({ progress: { '42': { authAmc: hash(7), authUsd: hash(8), paying: hash(9) } } });
    const result = await run(f);
    expect(sends(f)).toEqual([]);
    expect(f.log).toEqual([`receipt:${hash(9)}`, `report:42:${hash(9)}`]);
    expect(result.tx_hash).toBe(hash(9));
    expect(endStates(f)).toEqual(ALL_FINISHED);
    expect(f.progress.get('42')).toEqual({});
  });

  it('reports a sent payment even when the quote has expired since', async () => {
    const f = fake({ progress: { '42': { paying: hash(9) } } });
    f.clock.now = NOW + 31 * 60_000;
    await expect(run(f)).resolves.toMatchObject({ status: 'Verifying' });
    expect(f.log).toContain(`report:42:${hash(9)}`);
  });

  it('derives the next step from the allowances: approved AGC earlier → finish, then USDT and pay', async () => {
    const f = fake({ progress: { '42': { authAmc: hash(7) } }, allowances: { token: AGC_FEE } });
    await run(f);
    expect(sends(f)).toEqual([`send:${CONTRACTS.usdt}`, `send:${CONTRACTS.transfer}`]);
    expect(endStates(f)).toEqual(ALL_FINISHED);
  });

  it('a stored pay transaction that reverted is forgotten and the payment runs again', async () => {
    const f = fake({
      progress: { '42': { paying: hash(9) } },
      allowances: { token: AGC_FEE, usdt: USDT_PRICE },
      receipt: async (h) => (h === hash(9) ? 'reverted' : 'success'),
    });
    const result = await run(f);
    expect(sends(f)).toEqual([`send:${CONTRACTS.transfer}`]);
    expect(result.tx_hash).toBe(hash(1));
  });

  it('a failed report keeps the hash; the next attempt only reports', async () => {
    const f = fake({
      report: async () => {
        throw new ApiError(500, 'busy', 500, null);
      },
    });
    await expect(run(f)).rejects.toBeInstanceOf(ApiError);
    expect(f.progress.get('42').paying).toBe(hash(3));
    const again = fake({ progress: { '42': f.progress.get('42') } });
    await run(again);
    expect(sends(again)).toEqual([]);
    expect(again.log).toEqual([`receipt:${hash(3)}`, `report:42:${hash(3)}`]);
  });

  it('an order already Verifying or Success needs nothing', async () => {
    for (const status of ['Verifying', 'Success'] as const) {
      const f = fake({ progress: { '42': { paying: hash(3) } } });
      const o = order({ status });
      await expect(run(f, o)).resolves.toBe(o);
      expect(f.log).toEqual([]);
      expect(f.progress.get('42')).toEqual({});
    }
  });

  it('a Canceled order cannot be paid', async () => {
    const f = fake();
    await expect(run(f, order({ status: 'Canceled' }))).rejects.toBeInstanceOf(OrderNotPayableError);
    expect(f.log).toEqual([]);
  });
});

describe('runPayment: errors', () => {
  it('-32603 from the wallet → message.notToken, the step shows error', async () => {
    const f = fake({
      send: async () => {
        throw { code: -32603, message: 'Internal JSON-RPC error.' };
      },
    });
    const error = await run(f).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayError);
    expect((error as PayError).i18nKey).toBe('message.notToken');
    expect(f.states.at(-1)).toEqual(['authAmc', 'error']);
  });

  it('-32603 nested in the cause chain (viem wraps it) → message.notToken', () => {
    const nested = {
      message: 'Execution reverted',
      cause: { code: -32603, message: 'transfer amount exceeds balance' },
    };
    expect((toPayError(nested) as PayError).i18nKey).toBe('message.notToken');
    const mobile = { code: -32000, data: { originalError: { code: -32603 } } };
    expect((toPayError(mobile) as PayError).i18nKey).toBe('message.notToken');
  });

  it('4001 → a quiet UserRejectedRequestError', async () => {
    const f = fake({
      allowances: { token: AGC_FEE },
      send: async () => {
        throw { code: 4001, message: 'User rejected the request.' };
      },
    });
    const error = await run(f).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserRejectedRequestError);
    expect(f.states.at(-1)).toEqual(['authUsd', 'error']);
    expect(f.progress.get('42')).toEqual({});
  });

  it('anything else → message.payError', async () => {
    const f = fake({
      allowances: { token: AGC_FEE, usdt: USDT_PRICE },
      send: async () => {
        throw { code: -32000, message: 'gas required exceeds allowance' };
      },
    });
    const error = (await run(f).catch((e: unknown) => e)) as PayError;
    expect(error).toBeInstanceOf(PayError);
    expect(error.i18nKey).toBe('message.payError');
    expect(f.states.at(-1)).toEqual(['paying', 'error']);
  });

  it('a reverted transaction → message.payError, and nothing is kept to resume', async () => {
    const f = fake({ receipt: async () => 'reverted' });
    const error = (await run(f).catch((e: unknown) => e)) as PayError;
    expect(error.i18nKey).toBe('message.payError');
    expect(f.progress.get('42').authAmc).toBeUndefined();
    expect(sends(f)).toHaveLength(1);
  });

  it('a server error passes through as the server said it', async () => {
    const f = fake();
    f.deps.fetchStepTx = async () => {
      throw new ApiError(400, 'Order not found', 400, null);
    };
    await expect(run(f)).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses a wallet on another account', async () => {
    const f = fake({ account: '0x0000000000000000000000000000000000000bad' });
    await expect(run(f)).rejects.toBeInstanceOf(WrongWalletError);
    expect(sends(f)).toEqual([]);
  });

  it('refuses a transaction for another contract or spender', async () => {
    const wrongTo = fake({ tx: (s) => stepTx(s, s === 'authAmc' ? { to: CONTRACTS.usdt } : {}) });
    await expect(run(wrongTo)).rejects.toBeInstanceOf(UnexpectedTxError);
    const wrongSpender = fake({
      tx: (s) => (s === 'authUsd' ? stepTx(s, { data: approveData(MEMBER, USDT_PRICE) }) : stepTx(s)),
    });
    await expect(run(wrongSpender)).rejects.toBeInstanceOf(UnexpectedTxError);
    expect(sends(wrongSpender)).toEqual([`send:${CONTRACTS.token}`]);
  });
});

describe('runPayment: quote expiry', () => {
  it('an expired quote stops before anything is fetched or sent', async () => {
    const f = fake();
    f.clock.now = NOW + 30 * 60_000;
    await expect(run(f)).rejects.toBeInstanceOf(QuoteExpiredError);
    expect(f.log).toEqual([]);
    expect(f.states).toEqual([
      ['authAmc', 'process'],
      ['authAmc', 'error'],
    ]);
  });

  it('a quote that expires during the flow stops before the next step', async () => {
    const f = fake();
    f.deps.sleep = async () => {
      f.clock.now = NOW + 31 * 60_000;
    };
    await expect(run(f)).rejects.toBeInstanceOf(QuoteExpiredError);
    expect(sends(f)).toEqual([`send:${CONTRACTS.token}`]);
    expect(f.log).not.toContain('fetch:authUsd:42');
  });
});
