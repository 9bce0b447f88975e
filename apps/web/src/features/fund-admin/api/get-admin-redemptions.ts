import { adminRedemptionListResponse, type FundRedemptionStatus } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { fundAdminKeys } from './keys.ts';

export type AdminRedemptionPage = z.infer<typeof adminRedemptionListResponse>;
export type AdminRedemption = AdminRedemptionPage['list'][number];

export const ADMIN_REDEMPTION_PAGE_SIZE = 20;

/** GET /admin/funds/redemptions?status&page: the redemption queue (Pending first come, first served). */
export const getAdminRedemptions = (params: { page: number; status: FundRedemptionStatus }) =>
  getListPage('/admin/funds/redemptions', adminRedemptionListResponse, ADMIN_REDEMPTION_PAGE_SIZE, params);

export const flattenAdminRedemptions = (pages: readonly Pick<AdminRedemptionPage, 'list'>[] | undefined) =>
  uniqueItems(pages, (r) => r.redemption_id);

export const useAdminRedemptions = (status: FundRedemptionStatus) =>
  useInfiniteQuery(
    pagedQueryOptions(fundAdminKeys.redemptionList(status), (page) => getAdminRedemptions({ page, status })),
  );
