import type { WithdrawStatus, WithdrawType } from '@agc/shared';

/** The audit list's filters: a status tab, the asset (type) and one member's address. */
export interface WithdrawAuditFilter {
  status: WithdrawStatus;
  type?: WithdrawType;
  /** A full wallet address (0x + 40 hex), lower-case. */
  address?: string;
}

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
  /** Every audit list (admin), whatever the filter. */
  adminWithdraws: ['admin-withdraws'] as const,
  adminWithdrawList: (f: WithdrawAuditFilter) =>
    ['admin-withdraws', f.status, f.type ?? 'all', f.address ?? 'all'] as const,
};
