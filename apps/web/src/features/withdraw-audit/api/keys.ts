import type { WithdrawStatus, WithdrawType } from '@agc/shared';

/** The audit list's filters: a status tab, the asset (type) and one member's address. */
export interface WithdrawAuditFilter {
  status: WithdrawStatus;
  type?: WithdrawType;
  /** A full wallet address (0x + 40 hex), lower-case. */
  address?: string;
}

/** Query keys of the admin withdrawal audit, in one place so decisions invalidate exactly the lists. */
export const withdrawAuditKeys = {
  /** Every audit list, whatever the filter. */
  all: ['admin-withdraws'] as const,
  list: (f: WithdrawAuditFilter) =>
    ['admin-withdraws', f.status, f.type ?? 'all', f.address ?? 'all'] as const,
};
