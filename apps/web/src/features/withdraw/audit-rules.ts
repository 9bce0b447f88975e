// Who may approve what on the audit page, as far as the page can tell before asking: the server's
// maker-checker rules (modules/withdraw/audit.ts) refuse the rest with their own message anyway; and
// what a bulk approval takes out of the vault.
import {
  type AdminWithdrawal,
  formatAmount,
  parseAmount,
  tokenDecimals,
  WITHDRAW_TYPES,
  type WithdrawType,
} from '@agc/shared';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());

/**
 * Why the auditor with this wallet address (`viewer`, the session's) cannot approve an Auditing
 * withdrawal, or null: it is their own (nobody approves their own withdrawal), or they gave its first
 * approval (an amount needing two approvers takes two different ones). Unknown viewer: null.
 */
export function approvalBlock(
  w: Pick<AdminWithdrawal, 'address' | 'first_approved_by'>,
  viewer: string | undefined,
): 'own' | 'first_approver' | null {
  if (same(w.address, viewer)) return 'own';
  if (same(w.first_approved_by, viewer)) return 'first_approver';
  return null;
}

/** An approved withdrawal whose revocation was sent and is waiting for the chain. */
export const isRevoking = (w: Pick<AdminWithdrawal, 'status' | 'revoke_requested_at'>) =>
  w.status === 'Withdrawable' && w.revoke_requested_at !== null;

/** A Withdrawable withdrawal an auditor may still revoke (not already being revoked). */
export const isRevocable = (w: Pick<AdminWithdrawal, 'status' | 'revoke_requested_at'>) =>
  w.status === 'Withdrawable' && w.revoke_requested_at === null;

/** What the selected withdrawals take out, per asset, added exactly in minor units. */
export function totalsByAsset(selected: readonly AdminWithdrawal[]) {
  const sums = new Map<WithdrawType, bigint>();
  for (const w of selected)
    sums.set(w.type, (sums.get(w.type) ?? 0n) + parseAmount(w.amount, tokenDecimals(w.type)));
  return [...sums]
    .sort(([a], [b]) => a - b)
    .map(([type, units]) => ({
      type,
      asset: WITHDRAW_TYPES[type],
      amount: formatAmount(units, tokenDecimals(type)),
    }));
}
