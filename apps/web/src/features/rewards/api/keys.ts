import type { RewardKind } from '@agc/shared';

/** The list filter of the rewards tab: every kind (profit/all) or one kind (profit/type). */
export type RewardFilter = 'all' | RewardKind;

/** Query keys of the rewards feature, in one place so a settlement invalidates exactly what it changes. */
export const rewardKeys = {
  /** Every reward list (all, by kind, by day) and so every income summary. */
  lists: ['rewards'] as const,
  list: (filter: RewardFilter) => ['rewards', 'list', filter] as const,
  day: (day: string, kind: RewardKind | undefined) => ['rewards', 'day', day, kind ?? 'all'] as const,
  detail: (id: string) => ['reward', id] as const,
};
