import {
  type AdminWithdrawal,
  formatAmount,
  parseAmount,
  tokenDecimals,
  WITHDRAW_TYPES,
  type WithdrawType,
} from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { BULK_APPROVE_MAX, type BulkApproveResult } from '../api/post-admin-withdraws-approve.ts';
import { formatAssetExact } from '../format.ts';

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

/** The bulk confirmation: how many, and the totals per asset. */
export function AuditBulkConfirm({ selected }: { selected: readonly AdminWithdrawal[] }) {
  const { t } = useTranslation();
  return (
    <div className="withdraw-audit-confirm" data-testid="withdraw-audit-confirm" data-action="bulk">
      <p>{t('withdrawAudit.bulkConfirm', { n: selected.length })}</p>
      <dl className="rows">
        {totalsByAsset(selected).map((total) => (
          <div className="row" key={total.type}>
            <dt>{t('withdrawAudit.bulkTotal', { asset: total.asset })}</dt>
            <dd data-testid={`withdraw-audit-confirm-total-${total.type}`}>
              {formatAssetExact(total.amount, total.asset)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Select all (the loaded Auditing ones, up to the limit) and Approve selected, at the page's foot. */
export function AuditBulkBar({
  count,
  allSelected,
  onSelectAll,
  onApprove,
  busy,
  limitReached,
}: {
  count: number;
  allSelected: boolean;
  onSelectAll: (selected: boolean) => void;
  onApprove: () => void;
  busy: boolean;
  limitReached: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="withdraw-audit-bulk" data-testid="withdraw-audit-bulk">
      <div className="withdraw-audit-bulk-row">
        <label className="withdraw-audit-select">
          <input
            type="checkbox"
            data-testid="withdraw-audit-select-all"
            checked={allSelected}
            disabled={busy}
            onChange={(event) => onSelectAll(event.target.checked)}
          />
          <span>{t('withdrawAudit.selectAll')}</span>
        </label>
        <button
          type="button"
          className="btn btn-primary btn-small"
          data-testid="withdraw-audit-bulk-approve"
          data-count={count}
          disabled={busy || count === 0}
          onClick={onApprove}
        >
          {t('withdrawAudit.bulkApprove', { n: count })}
        </button>
      </div>
      {limitReached && (
        <p className="muted small withdraw-audit-bulk-limit" data-testid="withdraw-audit-bulk-limit">
          {t('withdrawAudit.bulkLimit', { max: BULK_APPROVE_MAX })}
        </p>
      )}
    </div>
  );
}

/** The answer of the last bulk approval: how many were approved, which were skipped and why. */
export function AuditBulkResult({ result, onClose }: { result: BulkApproveResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="card notice withdraw-audit-bulk-result"
      role="status"
      data-testid="withdraw-audit-bulk-result"
      data-approved={result.approved.length}
      data-skipped={result.skipped.length}
    >
      <p>
        {t('withdrawAudit.bulkResult', {
          approved: result.approved.length,
          skipped: result.skipped.length,
        })}
      </p>
      {result.skipped.length > 0 && (
        <p className="muted small" data-testid="withdraw-audit-bulk-skipped">
          {t('withdrawAudit.bulkSkipped', { ids: result.skipped.map((id) => `#${id}`).join(', ') })}
        </p>
      )}
      <button
        type="button"
        className="btn-link withdraw-audit-clear"
        data-testid="withdraw-audit-bulk-result-close"
        onClick={onClose}
      >
        {t('withdrawAudit.close')}
      </button>
    </div>
  );
}
