// How the audit page shows a withdrawal. Amounts keep every decimal of the asset (6 for USDT, 18 for
// AGC) instead of the app's usual 2–4: an auditor approves exactly what the vault will pay, and a
// rounded figure could hide a difference. Kept here rather than shared with the member's withdrawal
// feature (features may not import each other); the shared display rule does the work.
import {
  adminWithdrawQuery,
  formatDisplayAmount,
  formatTime,
  type TimeInput,
  type WithdrawType,
  withdrawDecimals,
} from '@agc/shared';

export const formatWithdrawAmount = (value: string, w: { type: WithdrawType; asset: string }) =>
  formatDisplayAmount(value, { currency: w.asset, maxFractionDigits: withdrawDecimals(w.type) });

/** A time of a withdrawal; '-' while it has not happened (null), the invalid-time text when unreadable. */
export function formatAuditTime(value: TimeInput, t: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return '-';
  return formatTime(value, { invalid: '' }) || t('common.invalidTime');
}

/**
 * The member-address filter, read by the server's own rule (a full wallet address, any case):
 * undefined when empty, null when malformed, else the address lower-cased.
 */
export function parseAddressFilter(text: string): string | undefined | null {
  const value = text.trim();
  if (!value) return undefined;
  const parsed = adminWithdrawQuery.shape.address.safeParse(value);
  return parsed.success ? parsed.data : null;
}
