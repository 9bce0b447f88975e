import { defined } from '@agc/shared/defined';
import type { Rules } from '@server/config.ts';
import { applyPpm, type CutReason, capReward, levelOf } from '@server/modules/rules/index.ts';

export type { CutReason };

/**
 * The daily settlement's rules, in memory and free of any database: the tree arrives as flat typed
 * arrays indexed by member id, and one pass from the highest id down to the lowest visits every child
 * before its parent (a member is always placed under an existing, so older, member: parent id < id).
 * Subtree sums and team sizes are pushed up in that pass; the rest is per member. Cost: O(members)
 * with small constants, whatever the depth: a 20,000-level tree costs what a 20-level one does.
 *
 * Amounts are bigint minor units. Subtree sums live in BigInt64Array (exact to 9.2·10^18 minor units,
 * i.e. 9.2 trillion USDT; the loader refuses a day whose total could overflow it).
 */

export const NONE = -1;
export const LEFT = 1;
export const RIGHT = 2;

export interface TreeArrays {
  /** Exclusive upper bound of member ids (arrays are this long). */
  size: number;
  /** parent[id]: placement parent id, NONE for the root and for ids that are not members. */
  parent: Int32Array;
  /** side[id]: LEFT or RIGHT under the parent; 0 for the root and for ids that are not members. */
  side: Uint8Array;
  /** exists[id] = 1 for members. */
  exists: Uint8Array;
}

/** What a member carries from the previous day (team_state). */
export interface CarriedState {
  leftCarry: bigint;
  rightCarry: bigint;
  manageBase: bigint;
  manageRank: number;
  teamSize: number;
  teamValid: number;
}

export interface SettlementInput {
  tree: TreeArrays;
  rules: Rules;
  /** Member id → investment_sum at the end of the day (confirmed orders up to then). */
  investment: Map<number, bigint>;
  /** Member id → the day's new volume (orders confirmed that day). */
  dayVolume: Map<number, bigint>;
  /** Member id → remaining dividends now (the cap of everything paid). */
  remaining: Map<number, bigint>;
  /** Member id → rewards already counted for the day (referrals credited that day): the day top's use. */
  paidOnDay: Map<number, bigint>;
  /** Member id → carried state (members without a row carry nothing). */
  state: Map<number, CarriedState>;
}

export interface RewardLine {
  userId: number;
  kind: 'static' | 'pairing';
  base: bigint;
  ratePpm: bigint;
  level: number;
  due: bigint;
  /** due − cut. */
  paid: bigint;
  cut: bigint;
  cutReason: CutReason | null;
}

export interface SettlementResult {
  rewards: RewardLine[];
  /** Members whose carried state changes (new rows included), with the new state. */
  stateChanges: Map<number, CarriedState>;
  totals: {
    static: bigint;
    pairing: bigint;
    managementBase: bigint;
    cutRemaining: bigint;
    cutDayTop: bigint;
    membersPaid: number;
    newVolume: bigint;
  };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const ZERO_STATE: CarriedState = {
  leftCarry: 0n,
  rightCarry: 0n,
  manageBase: 0n,
  manageRank: 0,
  teamSize: 0,
  teamValid: 0,
};

/** The management rank a base reaches (0 below the first threshold). */
export function manageRankOf(rules: Rules, base: bigint): number {
  let rank = 0;
  for (const r of rules.manageRanks) if (base >= r.threshold) rank = r.rank;
  return rank;
}

/** Pays one reward against the member's running caps (capReward), and updates them. */
function capped(
  caps: { remaining: bigint; dayLeft: bigint },
  line: Omit<RewardLine, 'paid' | 'cut' | 'cutReason'>,
): RewardLine {
  const result = capReward(line.due, caps.remaining, caps.dayLeft);
  caps.remaining -= result.paid;
  caps.dayLeft -= result.paid;
  return { ...line, ...result };
}

/** Settles one day: static and pairing rewards (capped), carry-forward, management base, team sizes. */
export function settleDay(input: SettlementInput): SettlementResult {
  const { tree, rules } = input;
  const n = tree.size;
  // Subtree volume of the day, and each member's new left / right volume.
  const sub = new BigInt64Array(n);
  const newLeft = new BigInt64Array(n);
  const newRight = new BigInt64Array(n);
  const teamSize = new Int32Array(n);
  const teamValid = new Int32Array(n);
  let newVolume = 0n;
  for (const [id, v] of input.dayVolume) {
    sub[id] = v;
    newVolume += v;
  }
  for (let id = n - 1; id >= 0; id--) {
    if (tree.exists[id] === 0) continue;
    const p = defined(tree.parent[id]);
    if (p === NONE) continue;
    if (p >= id) throw new Error(`member ${id} is placed under a newer member ${p}`);
    teamSize[p] = defined(teamSize[p]) + defined(teamSize[id]) + 1;
    teamValid[p] =
      defined(teamValid[p]) + defined(teamValid[id]) + ((input.investment.get(id) ?? 0n) > 0n ? 1 : 0);
    const v = defined(sub[id]);
    if (v === 0n) continue;
    sub[p] = defined(sub[p]) + v;
    if (tree.side[id] === LEFT) newLeft[p] = defined(newLeft[p]) + v;
    else newRight[p] = defined(newRight[p]) + v;
  }

  const rewards: RewardLine[] = [];
  const stateChanges = new Map<number, CarriedState>();
  const totals = {
    static: 0n,
    pairing: 0n,
    managementBase: 0n,
    cutRemaining: 0n,
    cutDayTop: 0n,
    membersPaid: 0,
    newVolume,
  };
  let paidSomething = false;
  const record = (line: RewardLine) => {
    if (line.due === 0n) return;
    if (line.paid > 0n) paidSomething = true;
    rewards.push(line);
    if (line.kind === 'static') totals.static += line.paid;
    else totals.pairing += line.paid;
    if (line.cutReason === 'remaining_dividends') totals.cutRemaining += line.cut;
    else if (line.cutReason === 'day_top_profit') totals.cutDayTop += line.cut;
  };

  for (let id = 0; id < n; id++) {
    if (tree.exists[id] === 0) continue;
    const before = input.state.get(id) ?? ZERO_STATE;
    const nl = defined(newLeft[id]);
    const nr = defined(newRight[id]);
    const investment = input.investment.get(id) ?? 0n;
    const level = levelOf(rules, investment);
    const caps = {
      remaining: input.remaining.get(id) ?? 0n,
      dayLeft: level.dayTop - (input.paidOnDay.get(id) ?? 0n),
    };
    paidSomething = false;

    // Static: investment_sum × the level's daily rate.
    if (investment > 0n && level.staticPpm > 0n)
      record(
        capped(caps, {
          userId: id,
          kind: 'static',
          base: investment,
          ratePpm: level.staticPpm,
          level: level.level,
          due: applyPpm(investment, level.staticPpm),
        }),
      );

    // Pairing: carried + new on each side; the pair is paid, the weaker side flushed, the excess carried.
    const left = before.leftCarry + nl;
    const right = before.rightCarry + nr;
    const pair = min(left, right);
    if (pair > 0n && level.pairingPpm > 0n)
      record(
        capped(caps, {
          userId: id,
          kind: 'pairing',
          base: pair,
          ratePpm: level.pairingPpm,
          level: level.level,
          due: applyPpm(pair, level.pairingPpm),
        }),
      );
    if (paidSomething) totals.membersPaid += 1;

    // Management: the smaller side's new volume of the day accumulates; the rank follows the base.
    const added = min(nl, nr);
    totals.managementBase += added;
    const manageBase = before.manageBase + added;
    const after: CarriedState = {
      leftCarry: left - pair,
      rightCarry: right - pair,
      manageBase,
      manageRank: Math.max(before.manageRank, manageRankOf(rules, manageBase)),
      teamSize: defined(teamSize[id]),
      teamValid: defined(teamValid[id]),
    };
    if (
      after.leftCarry !== before.leftCarry ||
      after.rightCarry !== before.rightCarry ||
      after.manageBase !== before.manageBase ||
      after.manageRank !== before.manageRank ||
      after.teamSize !== before.teamSize ||
      after.teamValid !== before.teamValid
    )
      stateChanges.set(id, after);
  }
  return { rewards, stateChanges, totals };
}
