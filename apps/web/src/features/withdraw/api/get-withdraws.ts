import { type Withdrawal, type WithdrawList, type WithdrawStatus, withdrawListResponse } from '@agc/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { withdrawKeys } from './keys.ts';

export const WITHDRAW_PAGE_SIZE = 10;

/** GET /withdraws?page&size&status: one page of the member's withdrawals, newest first. */
export const getWithdrawals = (params: {
  page: number;
  size?: number;
  status?: WithdrawStatus;
}): Promise<WithdrawList> =>
  get(
    '/withdraws',
    { page: params.page, size: params.size ?? WITHDRAW_PAGE_SIZE, status: params.status },
    { schema: withdrawListResponse, silent: true }, // the list shows its error inline
  );

/** The next page while the server says there is more (has_more), else none. */
export const nextWithdrawPage = (last: Pick<WithdrawList, 'page' | 'has_more'>): number | undefined =>
  last.has_more ? last.page + 1 : undefined;

/**
 * Every withdrawal of the loaded pages, each once: pages are offsets, so a withdrawal that arrives
 * (the member's list) or is decided by someone else (the audit list) meanwhile shifts the next page
 * and one item can arrive twice.
 */
export function flattenWithdrawals<W extends Pick<Withdrawal, 'withdraw_id'>>(
  pages: readonly { list: readonly W[] }[] | undefined,
): W[] {
  const seen = new Set<string>();
  const out: W[] = [];
  for (const page of pages ?? [])
    for (const w of page.list)
      if (!seen.has(w.withdraw_id)) {
        seen.add(w.withdraw_id);
        out.push(w);
      }
  return out;
}

export const withdrawalsQueryOptions = (status: WithdrawStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: withdrawKeys.withdrawalList(status),
    queryFn: ({ pageParam }) => getWithdrawals({ page: pageParam, status }),
    initialPageParam: 1,
    getNextPageParam: nextWithdrawPage,
  });

export const useWithdrawals = (status: WithdrawStatus | undefined) =>
  useInfiniteQuery(withdrawalsQueryOptions(status));
