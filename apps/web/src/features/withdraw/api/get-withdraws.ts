import { type Withdrawal, type WithdrawList, type WithdrawStatus, withdrawListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import { withdrawKeys } from './keys.ts';

export const WITHDRAW_PAGE_SIZE = 10;

/** GET /withdraws?page&size&status: one page of the member's withdrawals, newest first. */
export const getWithdrawals = (params: {
  page: number;
  size?: number;
  status?: WithdrawStatus;
}): Promise<WithdrawList> => getListPage('/withdraws', withdrawListResponse, WITHDRAW_PAGE_SIZE, params);

/**
 * Every withdrawal of the loaded pages, each once: pages are offsets, so a withdrawal that arrives
 * (the member's list) or is decided by someone else (the audit list) meanwhile shifts the next page
 * and one item can arrive twice.
 */
export const flattenWithdrawals = <W extends Pick<Withdrawal, 'withdraw_id'>>(
  pages: readonly { list: readonly W[] }[] | undefined,
): W[] => uniqueItems(pages, (w) => w.withdraw_id);

export const withdrawalsQueryOptions = (status: WithdrawStatus | undefined) =>
  pagedQueryOptions(withdrawKeys.withdrawalList(status), (page) => getWithdrawals({ page, status }));

export const useWithdrawals = (status: WithdrawStatus | undefined) =>
  useInfiniteQuery(withdrawalsQueryOptions(status));
