import { type RewardKind, type RewardList, rewardListResponse } from '@agc/shared';
import { pagedQueryOptions } from '../../../lib/paged-list.ts';
import { get } from '../../../lib/request.ts';
import { rewardKeys } from './keys.ts';
import { REWARD_PAGE_SIZE } from './paging.ts';

/** GET /profit/type?kind&page&size: one page of the member's rewards of one kind, with the income summary. */
export const getProfitType = (params: {
  kind: RewardKind;
  page: number;
  size?: number;
}): Promise<RewardList> =>
  get(
    '/profit/type',
    { kind: params.kind, page: params.page, size: params.size ?? REWARD_PAGE_SIZE },
    { schema: rewardListResponse, silent: true }, // the list shows its error inline
  );

export const profitTypeQueryOptions = (kind: RewardKind) =>
  pagedQueryOptions(rewardKeys.list(kind), (page) => getProfitType({ kind, page }));
