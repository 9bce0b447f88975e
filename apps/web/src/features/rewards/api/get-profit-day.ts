import { type RewardKind, type RewardList, rewardListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions } from '@web/lib/paged-list.ts';
import { rewardKeys } from './keys.ts';
import { REWARD_PAGE_SIZE } from './paging.ts';

/** GET /profit/day?day&kind&page&size: the member's rewards that count for one UTC day (YYYY-MM-DD), optionally of one kind. */
export const getProfitDay = (params: {
  day: string;
  kind?: RewardKind;
  page: number;
  size?: number;
}): Promise<RewardList> => getListPage('/profit/day', rewardListResponse, REWARD_PAGE_SIZE, params);

export const profitDayQueryOptions = (day: string, kind?: RewardKind) =>
  pagedQueryOptions(rewardKeys.day(day, kind), (page) => getProfitDay({ day, kind, page }));

export const useProfitDay = (day: string, kind?: RewardKind) =>
  useInfiniteQuery(profitDayQueryOptions(day, kind));
