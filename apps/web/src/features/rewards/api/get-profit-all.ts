import { type RewardList, rewardListResponse } from '@agc/shared';
import { pagedQueryOptions } from '../../../lib/paged-list.ts';
import { get } from '../../../lib/request.ts';
import { rewardKeys } from './keys.ts';
import { REWARD_PAGE_SIZE } from './paging.ts';

/** GET /profit/all?page&size: one page of the member's rewards of every kind, newest first, with the income summary. */
export const getProfitAll = (params: { page: number; size?: number }): Promise<RewardList> =>
  get(
    '/profit/all',
    { page: params.page, size: params.size ?? REWARD_PAGE_SIZE },
    { schema: rewardListResponse, silent: true }, // the list shows its error inline
  );

export const profitAllQueryOptions = () =>
  pagedQueryOptions(rewardKeys.list('all'), (page) => getProfitAll({ page }));
