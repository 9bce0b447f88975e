import { priceSubscription } from '@server/modules/funds/math.ts';
import type { PrivateKeyAccount } from 'viem/accounts';
import { insertProcessingOrder } from './funds-nav-support.ts';
import { signUp, type TestServer } from './helpers.ts';
import { AGC, grantAvailable, USDT } from './withdraw-support.ts';

/**
 * Building members' money in every place a liability can be, through the real routes (the solvency view's and the
 * assets view's suites). `post(url, who, payload)` posts as `who` and fails the test unless the answer is 200.
 */
// biome-ignore lint/suspicious/noExplicitAny: an answer's data, checked against the API document (contract.ts)
export type Post<W extends string> = (url: string, who: W, payload: object) => Promise<any>;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The suites' settings: `admin` the admin, a 5 % withdrawal fee, one approver for every amount. */
export const liabilitySettings = (admin: string) => ({
  ADMIN_ADDRESSES: admin,
  WITHDRAW_FEE_PERCENT: '5',
  WITHDRAW_SECOND_APPROVAL_USDT: '1000000',
});

/** 01:00 UTC of tomorrow: a still clock there makes the buckets' edges known instants. */
export const tomorrowOneAm = () => Math.ceil(Date.now() / DAY_MS) * DAY_MS + HOUR_MS;

/** Stops the server's clock at 01:00 UTC of tomorrow; `t` is its instant (ms), moved on by the test. */
export function stillClock(s: TestServer) {
  const clock = { t: tomorrowOneAm() };
  s.ctx.now = () => new Date(clock.t);
  return clock;
}

/** Signs `root` up first (the root member) and every other wallet under it on the left: headers and ids by name. */
export async function signUpUnder<W extends string>(
  s: TestServer,
  root: NoInfer<W>,
  wallets: Record<W, PrivateKeyAccount>,
) {
  const h = {} as Record<W, Record<string, string>>;
  const id = {} as Record<W, bigint>;
  const first = await signUp(s, wallets[root]);
  h[root] = first.headers;
  id[root] = first.member.id;
  for (const who of Object.keys(wallets) as W[]) {
    if (who === root) continue;
    const r = await signUp(s, wallets[who], { invite_code: first.member.inviteCode, side: 'left' });
    h[who] = r.headers;
    id[who] = r.member.id;
  }
  return { h, id };
}

/** Available balances as rewards credit them: `rich` 5,000 USDT and 100 AGC, `other` 1,000 USDT. */
export async function startingBalances(s: TestServer, rich: bigint, other: bigint) {
  await grantAvailable(s.ctx, rich, 'USDT', 5_000n * USDT);
  await grantAvailable(s.ctx, rich, 'AGC', 100n * AGC);
  await grantAvailable(s.ctx, other, 'USDT', 1_000n * USDT);
}

/** `who` asks for 100 USDT and 10 AGC, which `admin` approves (vouchers), and 200 USDT left to the audit. */
export async function openWithdrawals<W extends string>(post: Post<W>, who: W, admin: W) {
  for (const [amount, type, approve] of [
    ['100', 1, true],
    ['10', 2, true],
    ['200', 1, false],
  ] as const) {
    const r = await post('withdraw', who, { amount, type });
    if (approve) await post(`admin/withdraws/${r.id}/approve`, admin, {});
  }
}

/** A launchpad round opening a minute after `t` and ending an hour after, released in 4 daily steps from its end. */
export const launchpadRound = <W extends string>(post: Post<W>, admin: W, t: number) =>
  post('admin/launchpad/rounds', admin, {
    name: 'Seed',
    copies: 200,
    price_usdt: '10',
    agc_per_copy: '100',
    per_member_limit: 10,
    starts_at: new Date(t + 60_000).toISOString(),
    ends_at: new Date(t + HOUR_MS).toISOString(),
    cliff_days: 0,
    linear_days: 4,
  });

/**
 * Funds in every state for `holder`: a 30-day product (0.5 % redemption fee) and a 0-day one (0.2 %) priced at NAVs
 * of 1.25 and 2 on `t`'s day, subscriptions of 1,000 and 200 USDT (1.5 % fee), 40 units of the open one redeemed
 * (Pending), and 300 USDT paid after the NAV (waiting for the next). `coHolder` also subscribes `coAmount` to the
 * locked product (the same group: a share allocated over both).
 */
export async function fundsInEveryState<W extends string>(
  s: TestServer,
  post: Post<W>,
  o: { admin: W; holder: W; holderId: bigint; t: number; coHolderId?: bigint; coAmount?: bigint },
) {
  const product = async (name: string, lockDays: number, redemptionFee: string) =>
    (
      await post('admin/funds/products', o.admin, {
        name,
        risk: 'Medium',
        lock_days: lockDays,
        minimum_usdt: '100',
        subscription_fee_percent: '1.5',
        redemption_fee_percent: redemptionFee,
        expected_yield_percent: '6',
        distribution_percent: '0',
        status: 'on',
      })
    ).id as number;
  const locked = await product('Locked', 30, '0.5');
  const open = await product('Open', 0, '0.2');
  await insertProcessingOrder(s.ctx.db, o.holderId, locked, 1_000n * USDT, 15_000);
  if (o.coHolderId !== undefined)
    await insertProcessingOrder(s.ctx.db, o.coHolderId, locked, o.coAmount ?? 100n * USDT, 15_000);
  const openOrder = await insertProcessingOrder(s.ctx.db, o.holderId, open, 200n * USDT, 15_000);
  const today = new Date(o.t).toISOString().slice(0, 10);
  await post(`admin/funds/products/${locked}/nav`, o.admin, { day: today, nav: '1.25' });
  await post(`admin/funds/products/${open}/nav`, o.admin, { day: today, nav: '2' });
  await post('funds/redemptions', o.holder, { order_id: openOrder.toString(), units: '40' });
  await insertProcessingOrder(s.ctx.db, o.holderId, locked, 300n * USDT, 15_000);
  return {
    lockedUnits: priceSubscription(1_000n * USDT, 15_000, 125_000_000n).units,
    openUnits: priceSubscription(200n * USDT, 15_000, 200_000_000n).units,
  };
}
