import { rowsOf } from '@agc/db';
import { type Assets, formatAmount, parseAmount, type SolvencyPartKey } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { ACCOUNTS, transferBatch } from '@server/modules/ledger/index.ts';
import { pricesPaused } from '@server/modules/pricing/index.ts';
import { memberLiabilitiesIn, SNAPSHOT } from '@server/modules/solvency/index.ts';
import { sql } from 'drizzle-orm';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiJson, newWallet, startTestServer, type TestServer } from './helpers.ts';
import {
  fundsInEveryState,
  launchpadRound,
  liabilitySettings,
  openWithdrawals,
  type Post,
  signUpUnder,
  startingBalances,
  stillClock,
} from './liabilities-support.ts';
import { AGC, USDT } from './withdraw-support.ts';

// GET /me/assets on PGlite: a member with something in every place; the answer's figures are the solvency
// per-member parts of a whole read (memberLiabilitiesIn over every member) and a model of the amounts moved; nobody
// else's figures; signed out; prices paused; the history from the daily snapshots' leaves.
const DAY_MS = 86_400_000;

let s: TestServer;
let clock: { t: number };
type Who = 'admin' | 'alice' | 'bob' | 'carol';
const w: Record<Who, PrivateKeyAccount> = {
  admin: newWallet(),
  alice: newWallet(),
  bob: newWallet(),
  carol: newWallet(),
};
let h: Record<Who, Record<string, string>>;
let id: Record<Who, bigint>;

const get = async (url: string, headers: Record<string, string>): Promise<ApiJson> =>
  (await s.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers })).json();
const assets = async (who: Who): Promise<Assets> => {
  const res = await get('me/assets', h[who]);
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.data;
};
const post: Post<Who> = async (url, who, payload) => {
  const res = (
    await s.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: h[who], payload })
  ).json();
  expect(res.code, `${url}: ${JSON.stringify(res)}`).toBe(200);
  return res.data;
};

/** The answer's parts back in minor units, keyed `part.asset`. */
const partsOf = (a: Assets) =>
  Object.fromEntries(
    a.places.flatMap((p) =>
      p.parts.map((x) => [`${x.key}.${x.asset}`, parseAmount(x.amount, x.asset === 'USDT' ? 6 : 18)]),
    ),
  );
/** The solvency per-member parts of one whole read (every member), keyed the same way. */
async function solvencyParts(userId: bigint) {
  const { members } = await s.ctx.db.transaction(
    (tx) => memberLiabilitiesIn(tx, new Date(clock.t), undefined),
    SNAPSHOT,
  );
  const parts = members.get(userId)?.parts ?? {};
  return Object.fromEntries(
    Object.entries(parts).flatMap(([key, amounts]) =>
      Object.entries(amounts ?? {}).map(([asset, v]) => [`${key}.${asset}`, v]),
    ),
  );
}
const place = (a: Assets, key: string) => defined(a.places.find((p) => p.key === key));

beforeAll(async () => {
  s = await startTestServer(liabilitySettings(w.admin.address));
  clock = stillClock(s);
  ({ h, id } = await signUpUnder(s, 'admin', w));
  // Available: alice 5,000 USDT and 100 AGC; bob 1,000 USDT.
  await startingBalances(s, id.alice, id.bob);
  // Withdrawing: 100 USDT and 10 AGC approved, 200 USDT waiting for the audit (5 % fee: the vault pays 95 %).
  await openWithdrawals(post, 'alice', 'admin');
  // Simple earn: 3,000 in, 500 out (on its way).
  await post('earn/transfer-in', 'alice', { amount: '3000' });
  await post('earn/transfer-out', 'alice', { amount: '500' });
  // Launchpad: 3 copies of 100 AGC at 10 USDT, released later.
  const round = await launchpadRound(post, 'admin', clock.t);
  clock.t += 120_000;
  await post(`launchpad/rounds/${round.id}/buy`, 'alice', { copies: '3' });
  // Funds: a locked product alice and bob both hold (a group of two: alice's share is allocated over it), an open
  // one alice redeems 40 units of, a subscription waiting for its NAV; and fund earnings movable to available.
  await fundsInEveryState(s, post, {
    admin: 'admin',
    holder: 'alice',
    holderId: id.alice,
    t: clock.t,
    coHolderId: id.bob,
    // Chosen so that alice's share of the group's value is one minor unit below her units priced alone.
    coAmount: 101_000_003n,
  });
  await s.ctx.db.transaction((tx) =>
    transferBatch(tx, [
      {
        debit: { userId: null, code: ACCOUNTS.rewardsPaid, asset: 'USDT' },
        credit: { userId: id.alice, code: ACCOUNTS.fundAvailableProfit, asset: 'USDT' },
        amount: 7n * USDT,
        kind: 'fund.earning.test',
        ref: 'assets-test:fund-profit',
        idempotencyKey: 'assets-test:fund-profit',
      },
    ]),
  );
}, 120_000);
afterAll(() => s.close());

describe('GET /me/assets', () => {
  it('answers signed out with 401, and a token with another wallet’s address with 401', async () => {
    expect((await get('me/assets', {})).code).toBe(401);
    const mixed = await get('me/assets', {
      authorization: defined(h.alice.authorization),
      'x-wallet-address': w.bob.address,
    });
    expect(mixed).toMatchObject({ code: 401, data: null });
  });

  it('is the solvency per-member parts of a whole read, place by place, and the amounts moved', async () => {
    const a = await assets('alice');
    expect(partsOf(a)).toEqual(await solvencyParts(id.alice));
    expect(a.places.map((p) => p.key)).toEqual(['available', 'withdrawing', 'earn', 'funds', 'launchpad']);
    // 5,000 − 300 withdrawn − 3,000 into earn − 30 for the launchpad; 100 − 10 AGC.
    expect(place(a, 'available')).toMatchObject({ usdt: '1670', agc: '90' });
    expect(place(a, 'withdrawing')).toMatchObject({ usdt: '285', agc: '9.5' });
    expect(place(a, 'earn')).toMatchObject({ usdt: '3000', agc: '0' });
    expect(place(a, 'launchpad')).toMatchObject({ usdt: '0', agc: '300' });
    const funds = partsOf(a);
    expect(funds['fund_subscribing.USDT']).toBe(300n * USDT);
    expect(funds['fund_profit.USDT']).toBe(7n * USDT);
    for (const key of ['fund_locked', 'fund_unlocked', 'fund_redeeming'] satisfies SolvencyPartKey[])
      expect(funds[`${key}.USDT`], key).toBeGreaterThan(0n);
  });

  it('values AGC at the price in use; the total is every place', async () => {
    const a = await assets('alice');
    const price = (await s.ctx.prices.agcPrice()).usdtPerAgc;
    expect(a.prices_paused).toBe(false);
    expect(a.agc_price?.usdt_per_agc).toBe(formatAmount(price, 6));
    const sum = (asset: 'usdt' | 'agc', decimals: number) =>
      a.places.reduce((acc, p) => acc + parseAmount(p[asset], decimals), 0n);
    expect(parseAmount(a.total_usdt, 6)).toBe(sum('usdt', 6));
    expect(parseAmount(a.total_agc, 18)).toBe(sum('agc', 18));
    expect(parseAmount(defined(a.total_value_usdt), 6)).toBe(sum('usdt', 6) + (sum('agc', 18) * price) / AGC);
  });

  it('never shows another member’s figures: bob sees his own, carol (nothing anywhere) zeros', async () => {
    const bob = await assets('bob');
    expect(partsOf(bob)).toEqual(await solvencyParts(id.bob));
    expect(place(bob, 'available').usdt).toBe('1000');
    expect(place(bob, 'launchpad').agc).toBe('0');
    expect(partsOf(bob)['fund_locked.USDT']).toBeGreaterThan(0n);
    expect(partsOf(bob)['fund_redeeming.USDT']).toBeUndefined();
    // A parameter naming somebody else changes nothing: only the signed-in member's own.
    const res = await get(`me/assets?user_id=${id.alice}`, h.bob);
    expect(partsOf(res.data)).toEqual(partsOf(bob));
    const carol = await assets('carol');
    expect(carol.places.every((p) => p.usdt === '0' && p.agc === '0' && p.parts.length === 0)).toBe(true);
    expect(carol).toMatchObject({ total_usdt: '0', total_agc: '0', total_value_usdt: '0' });
  });

  it('while prices are paused: no price, no value that holds AGC, the tokens still counted', async () => {
    const prices = s.ctx.prices;
    s.ctx.prices = {
      ...prices,
      name: prices.name,
      agcPrice: () => Promise.reject(pricesPaused()),
      ethPrice: () => prices.ethPrice(),
    };
    try {
      const a = await assets('alice');
      expect(a).toMatchObject({ prices_paused: true, agc_price: null, total_value_usdt: null });
      expect(place(a, 'available').value_usdt).toBeNull();
      expect(place(a, 'earn').value_usdt).toBe('3000');
      expect(partsOf(a)).toEqual(await solvencyParts(id.alice));
    } finally {
      s.ctx.prices = prices;
    }
  });

  it('the history is the member’s leaves of the daily snapshots of the last 30 days, oldest first', async () => {
    const day = (n: number) => new Date(clock.t - n * DAY_MS).toISOString().slice(0, 10);
    const snapshot = async (d: string, status: string) => {
      const [row] = rowsOf<{ id: number }>(
        await s.ctx.db.execute(sql`insert into proof_snapshots (day, status, as_of)
          values (${d}::date, ${status}, ${new Date(`${d}T23:59:59Z`).toISOString()}::timestamptz) returning id`),
      );
      return defined(row).id;
    };
    const leaf = async (snap: number, idx: number, userId: bigint, usdt: bigint, agc: bigint) =>
      s.ctx.db.execute(sql`insert into proof_leaves (snapshot_id, idx, user_id, usdt, agc)
        values (${snap}, ${idx}, ${userId.toString()}::bigint, ${usdt.toString()}::numeric, ${agc.toString()}::numeric)`);
    const old = await snapshot(day(40), 'published');
    await leaf(old, 0, id.alice, 1n * USDT, 0n);
    const a = await snapshot(day(3), 'published');
    await leaf(a, 0, id.alice, 100n * USDT, 0n);
    await leaf(a, 1, id.bob, 999n * USDT, 0n);
    const b = await snapshot(day(1), 'built');
    await leaf(b, 0, id.bob, 5n * USDT, 0n);
    await leaf(b, 1, id.alice, 200n * USDT, 2n * AGC);
    const building = await snapshot(day(2), 'building');
    await leaf(building, 0, id.alice, 7n * USDT, 0n);

    const price = (await s.ctx.prices.agcPrice()).usdtPerAgc;
    const history = (await assets('alice')).history;
    expect(history).toEqual([
      { day: day(3), usdt: '100', agc: '0', value_usdt: '100' },
      {
        day: day(1),
        usdt: '200',
        agc: '2',
        value_usdt: formatAmount(200n * USDT + 2n * price, 6),
      },
    ]);
    expect((await assets('bob')).history.map((p) => p.usdt)).toEqual(['999', '5']);
    expect((await assets('carol')).history).toEqual([]);
  });
});
