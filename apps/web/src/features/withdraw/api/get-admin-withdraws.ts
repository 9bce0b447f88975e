import { type AdminWithdrawList, adminWithdrawListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions } from '@web/lib/paged-list.ts';
import { isRevoking } from '../audit-rules.ts';
import { type WithdrawAuditFilter, withdrawKeys } from './keys.ts';

export const ADMIN_WITHDRAW_PAGE_SIZE = 20;
/** While a listed withdrawal's revocation waits for the chain, the list is read again this often. */
export const REVOKE_POLL_MS = 10_000;

/**
 * GET /admin/withdraws?status&type&address&page&size (auditor or admin; 403 otherwise): withdrawals
 * to audit, newest first, each with the member's available balance of the asset now.
 */
export const getAdminWithdraws = (
  params: WithdrawAuditFilter & { page: number },
): Promise<AdminWithdrawList> =>
  getListPage('/admin/withdraws', adminWithdrawListResponse, ADMIN_WITHDRAW_PAGE_SIZE, params);

export const adminWithdrawsQueryOptions = (filter: WithdrawAuditFilter) =>
  pagedQueryOptions(withdrawKeys.adminWithdrawList(filter), (page) => getAdminWithdraws({ ...filter, page }));

export const useAdminWithdraws = (filter: WithdrawAuditFilter) =>
  useInfiniteQuery({
    ...adminWithdrawsQueryOptions(filter),
    // a revocation ends (Rejected) when the chain confirms it: show that without a manual refresh
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.list.some(isRevoking)) ? REVOKE_POLL_MS : false,
  });
