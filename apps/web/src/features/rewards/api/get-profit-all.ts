import { type RewardList, rewardListResponse } from '@agc/shared';
import { getListPage, pagedQueryOptions } from '@web/lib/paged-list.ts';
import { rewardKeys } from './keys.ts';
import { REWARD_PAGE_SIZE } from './paging.ts';

/** GET /profit/all?page&size: one page of the member's rewards of every kind, newest first, with the income summary. */
export const getProfitAll = (params: { page: number; size?: number }): Promise<RewardList> =>
  getListPage('/profit/all', rewardListResponse, REWARD_PAGE_SIZE, params);

export const profitAllQueryOptions = () =>
  pagedQueryOptions(rewardKeys.list('all'), (page) => getProfitAll({ page }));
