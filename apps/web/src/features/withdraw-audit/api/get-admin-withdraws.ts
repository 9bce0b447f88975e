import { type AdminWithdrawal, type AdminWithdrawList, adminWithdrawListResponse } from '@agc/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { type WithdrawAuditFilter, withdrawAuditKeys } from './keys.ts';

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
    queryKey: withdrawAuditKeys.list(filter),
    queryFn: ({ pageParam }) => getAdminWithdraws({ ...filter, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: AdminWithdrawList) => (last.has_more ? last.page + 1 : undefined),
  });

export const useAdminWithdraws = (filter: WithdrawAuditFilter) =>
  useInfiniteQuery(adminWithdrawsQueryOptions(filter));

/**
 * Every withdrawal of the loaded pages, each once: pages are offsets, so a withdrawal decided by
 * someone else meanwhile shifts the next page and one item can arrive twice.
 */
export function flattenWithdrawals(
  pages: readonly Pick<AdminWithdrawList, 'list'>[] | undefined,
): AdminWithdrawal[] {
  const seen = new Set<string>();
  const out: AdminWithdrawal[] = [];
  for (const page of pages ?? [])
    for (const w of page.list)
      if (!seen.has(w.withdraw_id)) {
        seen.add(w.withdraw_id);
        out.push(w);
      }
  return out;
}
