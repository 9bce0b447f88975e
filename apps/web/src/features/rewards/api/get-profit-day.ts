import { type RewardKind, type RewardList, rewardListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '../../../lib/paged-list.ts';
import { get } from '../../../lib/request.ts';
import { rewardKeys } from './keys.ts';
import { REWARD_PAGE_SIZE } from './paging.ts';

/** GET /profit/day?day&kind&page&size: the member's rewards that count for one UTC day (YYYY-MM-DD), optionally of one kind. */
export const getProfitDay = (params: {
  day: string;
  kind?: RewardKind;
  page: number;
  size?: number;
}): Promise<RewardList> =>
  get(
    '/profit/day',
    { day: params.day, kind: params.kind, page: params.page, size: params.size ?? REWARD_PAGE_SIZE },
    { schema: rewardListResponse, silent: true }, // a list shows its error inline
  );

export const profitDayQueryOptions = (day: string, kind?: RewardKind) =>
  pagedQueryOptions(rewardKeys.day(day, kind), (page) => getProfitDay({ day, kind, page }));

export const useProfitDay = (day: string, kind?: RewardKind) =>
  useInfiniteQuery(profitDayQueryOptions(day, kind));
