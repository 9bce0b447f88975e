// The audit page's states of a withdrawal and what a bulk approval takes out of the vault. Who may approve what
// is the server's answer on each row (`approve`), never a copy of its maker-checker rule here.
import {
  type AdminWithdrawal,
  formatAmount,
  parseAmount,
  tokenDecimals,
  WITHDRAW_TYPES,
  type WithdrawType,
} from '@agc/shared';

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
