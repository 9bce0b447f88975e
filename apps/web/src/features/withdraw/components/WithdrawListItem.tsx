import type { Withdrawal } from '@agc/shared';
import { ItemRow } from '@web/components/ItemButton.tsx';
import { formatAsset, formatEventTime } from '@web/lib/format.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WithdrawStatusTag } from './WithdrawStatusTag.tsx';

/**
 * One withdrawal of the member's list (`withdraw-item-<id>`): amount and asset, status, time; the
 * card opens its detail. `action` (the Claim button of a Withdrawable one) sits under it.
 */
export function WithdrawListItem({
  withdrawal: w,
  onOpen,
  action,
}: {
  withdrawal: Withdrawal;
  onOpen: (withdrawal: Withdrawal) => void;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="card withdraw-item" data-testid={`withdraw-item-${w.withdraw_id}`} data-status={w.status}>
      <button
        type="button"
        className="withdraw-item-open"
        data-testid="withdraw-item-open"
        onClick={() => onOpen(w)}
      >
        <span className="order-item-head">
          <span className="withdraw-item-amount" data-testid="withdraw-item-amount">
            {formatAsset(w.amount, w.asset)}
          </span>
          <WithdrawStatusTag status={w.status} testId="withdraw-item-status" />
        </span>
        <ItemRow label={t('withdraw.fields.received')} testId="withdraw-item-received">
          {formatAsset(w.received, w.asset)}
        </ItemRow>
        {w.status === 'Rejected' && w.reason && (
          <span className="order-item-row">
            <span className="muted">{t('withdraw.fields.reason')}</span>
            <span className="withdraw-item-reason" data-testid="withdraw-item-reason">
              {w.reason}
            </span>
          </span>
        )}
        <span className="order-item-row muted small">
          <span data-testid="withdraw-item-asset">
            {w.asset} · #{w.withdraw_id}
          </span>
          <span data-testid="withdraw-item-time">{formatEventTime(w.created_at, t)}</span>
        </span>
      </button>
      {action}
    </div>
  );
}
