import type { WithdrawStatus } from '@agc/shared';

/** Query keys of the withdraw feature, in one place so mutations invalidate exactly what they change. */
export const withdrawKeys = {
  limit: ['withdraw-limit'] as const,
  /** Every fee preview (withdraw/check answers). */
  checks: ['withdraw-check'] as const,
  check: (type: 1 | 2, amount: string) => ['withdraw-check', type, amount] as const,
  withdrawal: (id: string) => ['withdrawal', id] as const,
  /** Every member withdrawal list, whatever the filter. */
  withdrawals: ['withdrawals'] as const,
  withdrawalList: (status: WithdrawStatus | undefined) => ['withdrawals', status ?? 'all'] as const,
};
