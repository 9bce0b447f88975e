import { type EarnMovement, earnMovementListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { earnKeys } from './keys.ts';

export type EarnMovementPage = z.infer<typeof earnMovementListResponse>;

export const EARN_MOVEMENT_PAGE_SIZE = 20;

/** GET /earn/movements?page&size&kind: the member's transfers, Pending outs first, then newest first. */
export const getEarnMovements = (params: {
  page: number;
  kind?: EarnMovement['kind'];
}): Promise<EarnMovementPage> =>
  getListPage('/earn/movements', earnMovementListResponse, EARN_MOVEMENT_PAGE_SIZE, params);

/** Every movement of the loaded pages, each once. */
export const flattenEarnMovements = (pages: readonly Pick<EarnMovementPage, 'list'>[] | undefined) =>
  uniqueItems(pages, (m) => m.id);

export const useEarnMovements = (kind?: EarnMovement['kind']) =>
  useInfiniteQuery(pagedQueryOptions(earnKeys.movements(kind), (page) => getEarnMovements({ page, kind })));
