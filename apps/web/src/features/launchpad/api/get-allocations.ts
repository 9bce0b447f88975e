import { launchpadAllocationListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { launchpadKeys } from './keys.ts';

export type LaunchpadAllocationPage = z.infer<typeof launchpadAllocationListResponse>;
export type LaunchpadAllocation = LaunchpadAllocationPage['list'][number];

export const ALLOCATION_PAGE_SIZE = 20;

/** GET /launchpad/rounds/{id}/allocations?page&size (public): one page of the copies sold, by number. */
export const getLaunchpadAllocations = (roundId: number, page: number): Promise<LaunchpadAllocationPage> =>
  getListPage(
    `/launchpad/rounds/${encodeURIComponent(String(roundId))}/allocations`,
    launchpadAllocationListResponse,
    ALLOCATION_PAGE_SIZE,
    { page },
  );

/** Every copy of the loaded pages, each once. */
export const flattenAllocations = (pages: readonly Pick<LaunchpadAllocationPage, 'list'>[] | undefined) =>
  uniqueItems(pages, (a) => String(a.copy_no));

export const launchpadAllocationsQueryOptions = (roundId: number) =>
  pagedQueryOptions(launchpadKeys.allocations(roundId), (page) => getLaunchpadAllocations(roundId, page));

export const useLaunchpadAllocations = (roundId: number) =>
  useInfiniteQuery(launchpadAllocationsQueryOptions(roundId));
