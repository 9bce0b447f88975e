import { defined } from '@agc/shared/defined';
import { loadConfig } from '@server/config.ts';
import { describe, expect, it } from 'vitest';
import {
  type CarriedState,
  LEFT,
  NONE,
  RIGHT,
  type SettlementInput,
  type SettlementResult,
  settleDay,
  type TreeArrays,
} from './engine.ts';
import { splitReward } from './service.ts';

// Default rules (docs/product-rules.md): levels at 100 / 1 000 / 5 000 / 10 000 / 50 000 USDT; static 0.2 … 1 %;
// pairing 2 … 10 %; day top 100 / 500 / 2 000 / 5 000 / 20 000; management ranks from 10 000 USDT at 1 … 5 %.
const rules = loadConfig({ NODE_ENV: 'test' }).rules;
const U = (usdt: number) => BigInt(Math.round(usdt * 100)) * 10_000n; // USDT → minor units (6 decimals)

/** A tree from [id, parent, side] rows (the root's parent is null). */
function tree(rows: Array<[number, number | null, 'L' | 'R' | null]>): TreeArrays {
  const size = Math.max(...rows.map((r) => r[0])) + 1;
  const t: TreeArrays = {
    size,
    parent: new Int32Array(size).fill(NONE),
    side: new Uint8Array(size),
    exists: new Uint8Array(size),
  };
  for (const [id, parent, side] of rows) {
    t.exists[id] = 1;
    t.parent[id] = parent ?? NONE;
    t.side[id] = side === 'L' ? LEFT : side === 'R' ? RIGHT : 0;
  }
  return t;
}

//      1
//    2   3
//   4
const small = tree([
  [1, null, null],
  [2, 1, 'L'],
  [3, 1, 'R'],
  [4, 2, 'L'],
]);

const m = (o: Record<number, number>) => new Map(Object.entries(o).map(([k, v]) => [Number(k), U(v)]));

function day(
  partial: Partial<Omit<SettlementInput, 'investment' | 'dayVolume' | 'remaining' | 'paidOnDay'>> & {
    investment?: Record<number, number>;
    dayVolume?: Record<number, number>;
    remaining?: Record<number, number>;
    paidOnDay?: Record<number, number>;
  },
): SettlementResult {
  return settleDay({
    tree: partial.tree ?? small,
    rules,
    investment: m(partial.investment ?? {}),
    dayVolume: m(partial.dayVolume ?? {}),
    remaining: m(partial.remaining ?? {}),
    paidOnDay: m(partial.paidOnDay ?? {}),
    state: partial.state ?? new Map(),
  });
}

const line = (r: SettlementResult, userId: number, kind: 'static' | 'pairing') =>
  r.rewards.find((x) => x.userId === userId && x.kind === kind);

describe('daily settlement rules', () => {
  // Each row: a member's investment, remaining dividends, what the day already paid, the pair, and the outcome.
  it.each([
    {
      name: 'static only: investment × the level rate (level 2: 0.4 %)',
      investment: 1000,
      remaining: 3000,
      paidOnDay: 0,
      left: 0,
      right: 0,
      static: { due: 4, paid: 4, cut: 0, reason: null },
      pairing: undefined,
    },
    {
      name: 'pairing: min(left, right) × the level rate (level 2: 4 %), static first',
      investment: 1000,
      remaining: 3000,
      paidOnDay: 0,
      left: 1000,
      right: 400,
      static: { due: 4, paid: 4, cut: 0, reason: null },
      pairing: { due: 16, paid: 16, cut: 0, reason: null },
    },
    {
      name: 'remaining dividends run out mid-day: static paid, pairing cut by what is left',
      investment: 1000,
      remaining: 10,
      paidOnDay: 0,
      left: 1000,
      right: 400,
      static: { due: 4, paid: 4, cut: 0, reason: null },
      pairing: { due: 16, paid: 6, cut: 10, reason: 'remaining_dividends' },
    },
    {
      name: 'remaining dividends already 0: everything cut',
      investment: 1000,
      remaining: 0,
      paidOnDay: 0,
      left: 100,
      right: 100,
      static: { due: 4, paid: 0, cut: 4, reason: 'remaining_dividends' },
      pairing: { due: 4, paid: 0, cut: 4, reason: 'remaining_dividends' },
    },
    {
      name: 'day top (level 1: 100) cuts the pairing',
      investment: 100,
      remaining: 300,
      paidOnDay: 0,
      left: 10000,
      right: 10000,
      static: { due: 0.2, paid: 0.2, cut: 0, reason: null },
      pairing: { due: 200, paid: 99.8, cut: 100.2, reason: 'day_top_profit' },
    },
    {
      name: 'the day top counts the referrals credited that day',
      investment: 1000,
      remaining: 3000,
      paidOnDay: 490,
      left: 1000,
      right: 1000,
      static: { due: 4, paid: 4, cut: 0, reason: null },
      pairing: { due: 40, paid: 6, cut: 34, reason: 'day_top_profit' },
    },
    {
      name: 'below the first level: no rates, nothing due (the pair is still flushed)',
      investment: 50,
      remaining: 150,
      paidOnDay: 0,
      left: 500,
      right: 500,
      static: undefined,
      pairing: undefined,
    },
    {
      name: 'level 5 (50 000): 1 % static, 10 % pairing, day top 20 000',
      investment: 50000,
      remaining: 150000,
      paidOnDay: 0,
      left: 3000,
      right: 5000,
      static: { due: 500, paid: 500, cut: 0, reason: null },
      pairing: { due: 300, paid: 300, cut: 0, reason: null },
    },
  ])('$name', (c) => {
    const r = day({
      investment: { 1: c.investment },
      remaining: { 1: c.remaining },
      paidOnDay: { 1: c.paidOnDay },
      dayVolume: { 2: c.left, 3: c.right },
    });
    for (const kind of ['static', 'pairing'] as const) {
      const want = c[kind];
      const got = line(r, 1, kind);
      if (!want) {
        expect(got).toBeUndefined();
        continue;
      }
      expect(got).toMatchObject({
        due: U(want.due),
        paid: U(want.paid),
        cut: U(want.cut),
        cutReason: want.reason,
      });
    }
    // The weaker side is flushed whatever was paid; the excess carries.
    const pair = Math.min(c.left, c.right);
    const after = r.stateChanges.get(1);
    expect(after?.leftCarry).toBe(U(c.left - pair));
    expect(after?.rightCarry).toBe(U(c.right - pair));
  });

  it('carries forward over several days: the weaker side flushed each day, the excess kept', () => {
    const investment = { 1: 1000 };
    const remaining = { 1: 3000 };
    let state = new Map<number, CarriedState>();
    const days: Array<{ left: number; right: number; pair: number; carry: [number, number] }> = [
      { left: 1000, right: 400, pair: 400, carry: [600, 0] },
      { left: 0, right: 500, pair: 500, carry: [100, 0] },
      { left: 0, right: 0, pair: 0, carry: [100, 0] },
      { left: 50, right: 300, pair: 150, carry: [0, 150] },
    ];
    for (const d of days) {
      const r = day({ investment, remaining, dayVolume: { 2: d.left, 3: d.right }, state });
      expect(line(r, 1, 'pairing')?.base ?? 0n).toBe(U(d.pair));
      const carried = r.stateChanges.get(1) ?? state.get(1);
      expect([carried?.leftCarry, carried?.rightCarry]).toEqual([U(d.carry[0]), U(d.carry[1])]);
      state = new Map([...state, ...r.stateChanges]);
    }
  });

  it('volume below a child counts on that child’s side for every ancestor', () => {
    // 4 is under 2 (left of 1): its order is left volume of 2 and of 1.
    const r = day({
      investment: { 1: 1000, 2: 1000 },
      remaining: { 1: 3000, 2: 3000 },
      dayVolume: { 4: 700, 3: 200 },
    });
    expect(r.stateChanges.get(2)).toMatchObject({ leftCarry: U(700), rightCarry: 0n, teamSize: 1 });
    expect(line(r, 1, 'pairing')?.base).toBe(U(200));
    expect(r.stateChanges.get(1)).toMatchObject({
      leftCarry: U(500),
      rightCarry: 0n,
      teamSize: 3,
      teamValid: 1,
    });
    expect(r.totals.newVolume).toBe(U(900));
  });

  it('management base accumulates the smaller side’s new volume; the rank follows its thresholds', () => {
    let state = new Map<number, CarriedState>();
    const ranks: number[] = [];
    for (const v of [6000, 6000, 40000]) {
      const r = day({ dayVolume: { 2: v, 3: v }, state });
      state = new Map([...state, ...r.stateChanges]);
      ranks.push(defined(state.get(1)).manageRank);
    }
    expect(defined(state.get(1)).manageBase).toBe(U(52000));
    // 6 000 (rank 0), 12 000 (≥ 10 000: rank 1), 52 000 (≥ 50 000: rank 2).
    expect(ranks).toEqual([0, 1, 2]);
    // Only the smaller side counts.
    const r = day({ dayVolume: { 2: 500, 3: 80 } });
    expect(defined(r.stateChanges.get(1)).manageBase).toBe(U(80));
    expect(r.totals.managementBase).toBe(U(80));
  });

  it('rank changes with the investment change the rates the same day', () => {
    const low = day({ investment: { 1: 999 }, remaining: { 1: 10000 }, dayVolume: { 2: 100, 3: 100 } });
    const high = day({ investment: { 1: 1000 }, remaining: { 1: 10000 }, dayVolume: { 2: 100, 3: 100 } });
    expect(line(low, 1, 'pairing')).toMatchObject({ level: 1, ratePpm: 20000n, due: U(2) });
    expect(line(high, 1, 'pairing')).toMatchObject({ level: 2, ratePpm: 40000n, due: U(4) });
  });

  it('totals: paid by kind, cut by cap, members paid', () => {
    const r = day({
      investment: { 1: 1000, 2: 100 },
      remaining: { 1: 10, 2: 300 },
      dayVolume: { 4: 1000, 3: 1000 },
    });
    // 1: static 4, pairing 1 000 × 4 % = 40 of which the 6 left of its remaining dividends are paid.
    expect(r.totals.static).toBe(U(4) + U(0.2));
    expect(r.totals.pairing).toBe(U(6));
    expect(r.totals.cutRemaining).toBe(U(34));
    expect(r.totals.cutDayTop).toBe(0n);
    expect(r.totals.membersPaid).toBe(2);
  });

  it('handles a 20,000-level spill-over chain in one pass (every ancestor gets the volume)', () => {
    const depth = 20_000;
    const rows: Array<[number, number | null, 'L' | 'R' | null]> = [[1, null, null]];
    for (let id = 2; id <= depth; id++) rows.push([id, id - 1, 'L']);
    rows.push([depth + 1, 1, 'R']);
    const t = tree(rows);
    const investment: Record<number, number> = {};
    const remaining: Record<number, number> = {};
    for (let id = 1; id <= depth; id++) {
      investment[id] = 100;
      remaining[id] = 300;
    }
    const started = performance.now();
    const r = day({ tree: t, investment, remaining, dayVolume: { [depth]: 1000, [depth + 1]: 400 } });
    const ms = performance.now() - started;
    // Every ancestor of the deepest member has 1 000 new on its left; the root pairs 400 of it.
    expect(defined(r.stateChanges.get(2)).leftCarry).toBe(U(1000));
    expect(defined(r.stateChanges.get(depth - 1)).leftCarry).toBe(U(1000));
    expect(r.stateChanges.get(1)).toMatchObject({ leftCarry: U(600), rightCarry: 0n, teamSize: depth });
    expect(r.rewards.filter((x) => x.kind === 'static')).toHaveLength(depth);
    expect(ms).toBeLessThan(5000);
  });

  it('refuses a tree where a member sits under a newer one', () => {
    const bad = tree([
      [1, null, null],
      [2, 3, 'L'],
      [3, 1, 'R'],
    ]);
    expect(() => day({ tree: bad, dayVolume: { 2: 1 } })).toThrow(/placed under a newer member/);
  });

  it('splits a paid reward by vc_rate: 20 % in AGC at the day’s price, the rest in USDT', () => {
    const price = { usdtPerAgc: U(0.5) };
    expect(splitReward(rules, U(100), price)).toEqual({ usdt: U(80), agc: 40n * 10n ** 18n });
    // The AGC part is rounded down to the AGC unit, never up.
    const odd = { usdtPerAgc: 3n };
    expect(splitReward(rules, 10n, odd)).toEqual({ usdt: 8n, agc: (2n * 10n ** 18n) / 3n });
  });
});
