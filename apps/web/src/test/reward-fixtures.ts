import type { IncomeSummary, Reward, RewardList } from '@agc/shared';
import { NOW } from './fixtures.ts';

/** The invitee whose order earned the member's referral reward. */
export const INVITEE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/** A referral reward of 10 USDT, nothing cut, 8 USDT + 4 AGC credited (vc share at 0.5 USDT). */
export function makeReward(overrides: Partial<Reward> = {}): Reward {
  return {
    id: '7',
    kind: 'referral',
    created_at: new Date(NOW).toISOString(),
    group: 1,
    day: '2025-01-01',
    base: '100',
    rate: '10',
    due: '10',
    cut: '0',
    cut_reason: null,
    amount: '10',
    credited_usdt: '8',
    credited_agc: '4',
    source_address: INVITEE,
    level: 2,
    ...overrides,
  };
}

export const SUMMARY: IncomeSummary = {
  referral: '10',
  pairing: '20.5',
  static: '3.25',
  management: '0',
  total: '33.75',
};

/** One page of a reward list (profit/all, profit/type, profit/day). */
export function rewardPage(
  list: Reward[],
  options: { page?: number; hasMore?: boolean; summary?: IncomeSummary } = {},
): RewardList {
  return {
    list,
    total: list.length,
    page: options.page ?? 1,
    size: 20,
    has_more: options.hasMore ?? false,
    summary: options.summary ?? SUMMARY,
  };
}
