import { earnInterestListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { earnKeys } from './keys.ts';

export type EarnInterestPage = z.infer<typeof earnInterestListResponse>;
export type EarnInterest = EarnInterestPage['list'][number];

export const EARN_INTEREST_PAGE_SIZE = 30;

/** GET /earn/interest?page&size: the member's daily interest, newest day first. */
export const getEarnInterest = (params: { page: number }): Promise<EarnInterestPage> =>
  getListPage('/earn/interest', earnInterestListResponse, EARN_INTEREST_PAGE_SIZE, params);

export const flattenEarnInterest = (pages: readonly Pick<EarnInterestPage, 'list'>[] | undefined) =>
  uniqueItems(pages, (i) => i.day);

export const useEarnInterest = () =>
  useInfiniteQuery(pagedQueryOptions(earnKeys.interest, (page) => getEarnInterest({ page })));
