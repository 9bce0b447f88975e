import { type RewardKind, type RewardList, rewardListResponse } from '@agc/shared';
import { getListPage, pagedQueryOptions } from '@web/lib/paged-list.ts';
import { rewardKeys } from './keys.ts';
import { REWARD_PAGE_SIZE } from './paging.ts';

/** GET /profit/type?kind&page&size: one page of the member's rewards of one kind, with the income summary. */
export const getProfitType = (params: {
  kind: RewardKind;
  page: number;
  size?: number;
}): Promise<RewardList> => getListPage('/profit/type', rewardListResponse, REWARD_PAGE_SIZE, params);

export const profitTypeQueryOptions = (kind: RewardKind) =>
  pagedQueryOptions(rewardKeys.list(kind), (page) => getProfitType({ kind, page }));
