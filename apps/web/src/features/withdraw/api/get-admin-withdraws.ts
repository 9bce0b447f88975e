import { type AdminWithdrawList, adminWithdrawListResponse } from '@agc/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { nextWithdrawPage } from './get-withdraws.ts';
import { type WithdrawAuditFilter, withdrawKeys } from './keys.ts';

export const ADMIN_WITHDRAW_PAGE_SIZE = 20;

/**
 * GET /admin/withdraws?status&type&address&page&size (auditor or admin; 403 otherwise): withdrawals
 * to audit, newest first, each with the member's available balance of the asset now.
 */
export const getAdminWithdraws = (
  params: WithdrawAuditFilter & { page: number },
): Promise<AdminWithdrawList> =>
  get(
    '/admin/withdraws',
    {
      page: params.page,
      size: ADMIN_WITHDRAW_PAGE_SIZE,
      status: params.status,
      type: params.type,
      address: params.address,
    },
    { schema: adminWithdrawListResponse, silent: true }, // the page shows its error inline
  );

export const adminWithdrawsQueryOptions = (filter: WithdrawAuditFilter) =>
  infiniteQueryOptions({
    queryKey: withdrawKeys.adminWithdrawList(filter),
    queryFn: ({ pageParam }) => getAdminWithdraws({ ...filter, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextWithdrawPage,
  });

export const useAdminWithdraws = (filter: WithdrawAuditFilter) =>
  useInfiniteQuery(adminWithdrawsQueryOptions(filter));
