// Test data of the withdrawal pages: withdrawals, withdraw/limit and withdraw/check answers, the
// vault claim, and a fake wallet and chain for the claim runner (the server's endpoints stay real
// functions against the test's fake fetch unless a test replaces them).
import {
  type AdminWithdrawal,
  formatAmount,
  parseAmount,
  type Withdrawal,
  type WithdrawCheck,
  type WithdrawClaim,
  type WithdrawLimit,
} from '@agc/shared';
import { CONFIG } from '@web/test/config.ts';
import { MEMBER, NOW } from '@web/test/fixtures.ts';
import { type ApiHandler, type ApiReply, ok, stubApi } from '@web/test/render.tsx';
import { fakeWaitForReceipt, fakeWallet, hash } from '@web/test/wallet-fakes.ts';
import { getWithdrawClaim } from '../api/get-withdraw-claim.ts';
import { getWithdrawal } from '../api/get-withdrawal.ts';
import type { ClaimDeps } from '../claim/run-claim.ts';
import { memoryClaimProgress } from '../stores/claim-progress.ts';

export { MEMBER };
export const VAULT = CONFIG.contracts.bank;
export { hash };

/** A withdrawal (id 7, 100 USDT at 2 %); withdraw_id and id are one number: either override sets both. */
export function makeWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  const id = overrides.withdraw_id ?? overrides.id ?? '7';
  return {
    withdraw_id: id,
    id,
    type: 1,
    asset: 'USDT',
    amount: '100',
    service_fee: '2',
    fee_rate: '2',
    received: '98',
    address: MEMBER,
    status: 'Auditing',
    reason: null,
    created_at: new Date(NOW).toISOString(),
    audited_at: null,
    voucher_deadline: null,
    claim_tx_hash: null,
    claimed_at: null,
    explorer_url: null,
    ...overrides,
  };
}

/** A withdrawal as the audit list has it: with the member's available balance and the audit note. */
export function makeAdminWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    ...makeWithdrawal(overrides),
    member_available: '250.5',
    audit_note: null,
    needs_second_approval: false,
    first_approved_by: null,
    revoke_requested_at: null,
    revoke_tx_hash: null,
    approve: { can: true, reason: null },
    ...overrides,
  };
}

export function makeLimit(
  usdt: Partial<WithdrawLimit['limits'][number]> = {},
  agc: Partial<WithdrawLimit['limits'][number]> = {},
): WithdrawLimit {
  return {
    day: '2025-01-01',
    resets_at: '2025-01-02T00:00:00.000Z',
    fee_rate: '2',
    limits: [
      {
        type: 1,
        asset: 'USDT',
        daily_limit: '1000',
        minimum: '1',
        used: '0',
        remaining: '1000',
        available: '250.5',
        ...usdt,
      },
      {
        type: 2,
        asset: 'AGC',
        daily_limit: '5000',
        minimum: '1',
        used: '0',
        remaining: '5000',
        available: '40',
        ...agc,
      },
    ],
  };
}

/**
 * withdraw/check as the server answers it for a request body (fee 2%, rounded down to the unit), with
 * the server's order of refusals: the minimum (when given), the daily limit, the balance.
 */
export function checkAnswer(
  body: { amount: string; type: number },
  standing: { available: string; remaining: string; minimum?: string },
): WithdrawCheck {
  const decimals = body.type === 1 ? 6 : 18;
  const units = (s: string) => parseAmount(s, decimals);
  const text = (u: bigint) => formatAmount(u, decimals);
  const amount = units(body.amount);
  const fee = (amount * 2n) / 100n;
  const asset = body.type === 1 ? 'USDT' : 'AGC';
  const belowMinimum = standing.minimum !== undefined && amount < units(standing.minimum);
  const overLimit = !belowMinimum && amount > units(standing.remaining);
  const insufficient = !belowMinimum && !overLimit && amount > units(standing.available);
  return {
    type: body.type as 1 | 2,
    asset,
    amount: text(amount),
    fee: text(fee),
    fee_rate: '2',
    received: text(amount - fee),
    available: standing.available,
    daily_limit: '1000',
    remaining_today: standing.remaining,
    ok: !belowMinimum && !overLimit && !insufficient,
    reason: belowMinimum ? 'below_minimum' : overLimit ? 'over_limit' : insufficient ? 'insufficient' : null,
    msg: belowMinimum
      ? `The minimum withdrawal is ${standing.minimum} ${asset}`
      : overLimit
        ? `Today's remaining withdrawal amount is ${standing.remaining} ${asset}`
        : insufficient
          ? 'The balance is insufficient'
          : null,
  };
}

export function makeClaim(
  withdrawal: Withdrawal,
  overrides: Partial<WithdrawClaim['tx']> = {},
): WithdrawClaim {
  return {
    withdraw_id: withdrawal.withdraw_id,
    tx: {
      from: withdrawal.address,
      to: VAULT,
      data: '0xc0ffee',
      value: '0x0',
      chain_id: 42161,
      ...overrides,
    },
    voucher: {
      id: withdrawal.withdraw_id,
      account: withdrawal.address,
      token: CONFIG.contracts.usdt,
      amount: '98000000',
      deadline: Math.floor(NOW / 1000) + 3600,
      deadline_at: new Date(NOW + 3_600_000).toISOString(),
      signature: `0x${'11'.repeat(65)}`,
    },
  };
}

export interface ClaimFake {
  deps: ClaimDeps;
  log: string[];
  progress: ReturnType<typeof memoryClaimProgress>;
  clock: { now: number };
}

/**
 * A fake wallet and chain for the claim. By default the server's endpoints are the real fetchers
 * (answered by the test's stubApi); `fetchClaim` / `fetchWithdrawal` replace them.
 */
export function claimFake(
  options: {
    account?: string;
    send?: (tx: WithdrawClaim['tx']) => Promise<`0x${string}`>;
    receipt?: (h: `0x${string}`) => Promise<'success' | 'reverted'>;
    fetchClaim?: ClaimDeps['fetchClaim'];
    fetchWithdrawal?: ClaimDeps['fetchWithdrawal'];
    progress?: Record<string, `0x${string}`>;
  } = {},
): ClaimFake {
  const log: string[] = [];
  const progress = memoryClaimProgress(options.progress);
  const clock = { now: NOW };
  const deps: ClaimDeps = {
    fetchClaim: async (id) => {
      log.push(`claim:${id}`);
      return (options.fetchClaim ?? getWithdrawClaim)(id);
    },
    fetchWithdrawal: async (id) => {
      log.push(`withdrawal:${id}`);
      return (options.fetchWithdrawal ?? getWithdrawal)(id);
    },
    wallet: fakeWallet(log, { account: options.account, send: options.send }),
    chain: { waitForReceipt: fakeWaitForReceipt(log, options.receipt) },
    progress,
    // the clock moves on by each pause, so following a claim ends without waiting in real time
    sleep: async (ms) => {
      log.push(`sleep:${ms}`);
      clock.now += ms;
    },
    now: () => clock.now,
  };
  return { deps, log, progress, clock };
}

/** The fake server of the member's withdrawal pages: the public config (the claim needs the vault) and `routes`. */
export const stubWithdrawPages = (routes: Record<string, ApiHandler>) =>
  stubApi({ 'GET /api/v1/config': () => ok(CONFIG), ...routes });

/** The server's routes of one withdrawal as a claim reads it: the withdrawal, and its claim (`claim`, else one). */
export const claimRoutes = (w: Withdrawal, claim?: ApiReply): Record<string, ApiHandler> => ({
  [`GET /api/v1/withdraw/${w.withdraw_id}`]: () => ok(w),
  [`GET /api/v1/withdraw/claim/${w.withdraw_id}`]: () => claim ?? ok(makeClaim(w)),
});
