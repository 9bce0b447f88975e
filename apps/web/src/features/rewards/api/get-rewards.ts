import { useInfiniteQuery } from '@tanstack/react-query';
import { profitAllQueryOptions } from './get-profit-all.ts';
import { profitTypeQueryOptions } from './get-profit-type.ts';
import type { RewardFilter } from './keys.ts';

/** The rewards tab's list: every kind through profit/all, one kind through profit/type. */
export const rewardsQueryOptions = (filter: RewardFilter) =>
  filter === 'all' ? profitAllQueryOptions() : profitTypeQueryOptions(filter);

export const useRewards = (filter: RewardFilter) => useInfiniteQuery(rewardsQueryOptions(filter));
