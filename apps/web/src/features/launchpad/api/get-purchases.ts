import { type LaunchpadPurchase, launchpadPurchaseListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { launchpadKeys } from './keys.ts';

export type LaunchpadPurchasePage = z.infer<typeof launchpadPurchaseListResponse>;

export const PURCHASE_PAGE_SIZE = 10;

/** GET /launchpad/purchases?page&size: one page of the member's purchases, newest first. */
export const getLaunchpadPurchases = (page: number): Promise<LaunchpadPurchasePage> =>
  getListPage('/launchpad/purchases', launchpadPurchaseListResponse, PURCHASE_PAGE_SIZE, { page });

/** Every purchase of the loaded pages, each once. */
export const flattenPurchases = (
  pages: readonly Pick<LaunchpadPurchasePage, 'list'>[] | undefined,
): LaunchpadPurchase[] => uniqueItems(pages, (p) => p.id);

export const launchpadPurchasesQueryOptions = () =>
  pagedQueryOptions(launchpadKeys.purchases, (page) => getLaunchpadPurchases(page));

export const useLaunchpadPurchases = () => useInfiniteQuery(launchpadPurchasesQueryOptions());
