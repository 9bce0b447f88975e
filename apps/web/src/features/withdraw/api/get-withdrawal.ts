import { type Withdrawal, withdrawalSchema } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { withdrawKeys } from './keys.ts';

/** A withdrawal id as the server writes it (a positive integer); anything else is never asked. */
export const isWithdrawId = (id: string | null | undefined): id is string =>
  typeof id === 'string' && /^[1-9]\d{0,17}$/.test(id);

/** GET /withdraw/{withdraw_id}: one of the member's withdrawals (another member's is 404). */
export const getWithdrawal = (id: string): Promise<Withdrawal> =>
  get(`/withdraw/${encodeURIComponent(id)}`, undefined, { schema: withdrawalSchema, silent: true });

/** Always refetched when a page opens it: admins and the chain watcher change withdrawals. */
export const withdrawalQueryOptions = (id: string) =>
  queryOptions({ queryKey: withdrawKeys.withdrawal(id), queryFn: () => getWithdrawal(id), staleTime: 0 });

/** How often a withdrawal waiting for something outside (the chain watcher) is read again. */
export const WITHDRAWAL_POLL_MS = 4000;

export function useWithdrawal(
  id: string | null,
  options: { pollWhile?: (withdrawal: Withdrawal | undefined) => boolean } = {},
) {
  const { pollWhile } = options;
  return useQuery({
    ...withdrawalQueryOptions(id ?? ''),
    enabled: isWithdrawId(id),
    refetchInterval: (query) => (pollWhile?.(query.state.data) ? WITHDRAWAL_POLL_MS : false),
  });
}
