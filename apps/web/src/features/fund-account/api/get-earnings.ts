import { type FundEarning, type FundEarningKind, fundEarningListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { fundAccountKeys } from './keys.ts';

export type FundEarningPage = z.infer<typeof fundEarningListResponse>;

export const FUND_EARNING_PAGE_SIZE = 10;

/** GET /funds/earnings?kind&page: the member's fund earnings, newest first. */
export const getFundEarnings = (params: { page: number; kind?: FundEarningKind }): Promise<FundEarningPage> =>
  getListPage('/funds/earnings', fundEarningListResponse, FUND_EARNING_PAGE_SIZE, params);

export const flattenEarnings = (pages: readonly Pick<FundEarningPage, 'list'>[] | undefined): FundEarning[] =>
  uniqueItems(pages, (earning) => earning.id);

export const useFundEarnings = (kind: FundEarningKind | undefined) =>
  useInfiniteQuery(
    pagedQueryOptions(fundAccountKeys.earnings(kind), (page) => getFundEarnings({ page, kind })),
  );
