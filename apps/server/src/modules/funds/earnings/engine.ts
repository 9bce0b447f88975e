import type { FundRules } from '@server/config.ts';
import { PPM } from '../math.ts';

/**
 * The day's fund earnings, computed in memory over the placement paths of the day's subscribers only (their
 * ancestors, read in one recursive query): ReferralReward, TeamReward, PairingReward and the new team state.
 * Pure: the settlement reads the inputs and writes the outputs set-based. Every amount rounds down (for the fund).
 */

/** A member on a subscriber's placement path. */
export interface PathNode {
  id: bigint;
  parentId: bigint | null;
  side: 'left' | 'right' | null;
  depth: number;
}

/** What fund_team_state carries per member (absent: zeros, level 0). */
export interface FundTeamState {
  fundLevel: number;
  leftVolume: bigint;
  rightVolume: bigint;
  leftCarry: bigint;
  rightCarry: bigint;
}

export const EMPTY_STATE: FundTeamState = {
  fundLevel: 0,
  leftVolume: 0n,
  rightVolume: 0n,
  leftCarry: 0n,
  rightCarry: 0n,
};

export type FundEarningKind = 'ReferralReward' | 'TeamReward' | 'PairingReward';

export interface EarningLine {
  userId: bigint;
  kind: FundEarningKind;
  base: bigint;
  ratePpm: bigint;
  amount: bigint;
  sourceUserId: bigint | null;
  ref: string;
}

export interface DayInput {
  day: string;
  /** Per subscriber: the USDT of its subscriptions priced that day, and its direct inviter. */
  volume: Map<bigint, { amount: bigint; inviterId: bigint | null }>;
  /** The subscribers and all their placement ancestors. */
  nodes: PathNode[];
  state: Map<bigint, FundTeamState>;
  rules: Pick<FundRules, 'referralPpm' | 'teamLevels' | 'pairingPpm'>;
}

export interface DayResult {
  earnings: EarningLine[];
  /** The new team state of every member whose volumes, carries or level moved. */
  state: Map<bigint, FundTeamState>;
  totals: { volume: bigint; ReferralReward: bigint; TeamReward: bigint; PairingReward: bigint };
}

const share = (base: bigint, ppm: bigint) => (base * ppm) / PPM;
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** The fund level of a placement subtree's total fund volume: the highest level whose threshold it reaches. */
export function fundLevelOf(rules: Pick<FundRules, 'teamLevels'>, teamVolume: bigint): number {
  let level = 0;
  for (const l of rules.teamLevels) if (teamVolume >= l.threshold && l.level > level) level = l.level;
  return level;
}

/** The TeamReward rate of a level (0 below level 1). */
const teamRate = (rules: Pick<FundRules, 'teamLevels'>, level: number) =>
  rules.teamLevels.find((l) => l.level === level)?.ratePpm ?? 0n;

/**
 * Settles one day. TeamReward uses each ancestor's level as it stood before the day (the day's volume lifts
 * the level for the following days); PairingReward pairs carried + new volume on each side, pays the pair,
 * flushes the weaker side and carries the excess, as the shop's pairing does.
 */
export function settleFundDay(input: DayInput): DayResult {
  const { day, rules } = input;
  const earnings: EarningLine[] = [];
  const totals = { volume: 0n, ReferralReward: 0n, TeamReward: 0n, PairingReward: 0n };
  const add = (line: EarningLine) => {
    if (line.amount <= 0n) return;
    earnings.push(line);
    totals[line.kind] += line.amount;
  };

  // ReferralReward: the direct inviter's share of each subscriber's day volume.
  for (const [id, v] of [...input.volume].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    totals.volume += v.amount;
    if (v.inviterId !== null && rules.referralPpm > 0n)
      add({
        userId: v.inviterId,
        kind: 'ReferralReward',
        base: v.amount,
        ratePpm: rules.referralPpm,
        amount: share(v.amount, rules.referralPpm),
        sourceUserId: id,
        ref: `referral:${day}:${id}`,
      });
  }

  // New volume per side, pushed up the paths deepest first (a child is always deeper than its parent).
  const sub = new Map<bigint, bigint>();
  const newLeft = new Map<bigint, bigint>();
  const newRight = new Map<bigint, bigint>();
  for (const [id, v] of input.volume) sub.set(id, v.amount);
  const nodes = [...input.nodes].sort((a, b) => b.depth - a.depth || (a.id < b.id ? -1 : 1));
  for (const n of nodes) {
    const v = sub.get(n.id) ?? 0n;
    if (v === 0n || n.parentId === null || n.side === null) continue;
    sub.set(n.parentId, (sub.get(n.parentId) ?? 0n) + v);
    const sideMap = n.side === 'left' ? newLeft : newRight;
    sideMap.set(n.parentId, (sideMap.get(n.parentId) ?? 0n) + v);
  }

  const state = new Map<bigint, FundTeamState>();
  const members = [...new Set([...newLeft.keys(), ...newRight.keys()])].sort((a, b) => (a < b ? -1 : 1));
  for (const id of members) {
    const before = input.state.get(id) ?? EMPTY_STATE;
    const nl = newLeft.get(id) ?? 0n;
    const nr = newRight.get(id) ?? 0n;
    const under = nl + nr;
    const rate = teamRate(rules, before.fundLevel);
    if (before.fundLevel >= 1 && rate > 0n)
      add({
        userId: id,
        kind: 'TeamReward',
        base: under,
        ratePpm: rate,
        amount: share(under, rate),
        sourceUserId: null,
        ref: `team:${day}:${id}`,
      });
    const left = before.leftCarry + nl;
    const right = before.rightCarry + nr;
    const pair = min(left, right);
    if (pair > 0n && rules.pairingPpm > 0n)
      add({
        userId: id,
        kind: 'PairingReward',
        base: pair,
        ratePpm: rules.pairingPpm,
        amount: share(pair, rules.pairingPpm),
        sourceUserId: null,
        ref: `pairing:${day}:${id}`,
      });
    const leftVolume = before.leftVolume + nl;
    const rightVolume = before.rightVolume + nr;
    state.set(id, {
      fundLevel: Math.max(before.fundLevel, fundLevelOf(rules, leftVolume + rightVolume)),
      leftVolume,
      rightVolume,
      leftCarry: left - pair,
      rightCarry: right - pair,
    });
  }
  return { earnings, state, totals };
}
