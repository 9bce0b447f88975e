import type { AdminWithdrawal } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAssetExact } from '@web/lib/format.ts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BULK_APPROVE_MAX, type BulkApproveResult } from '../api/post-admin-withdraws-approve.ts';
import { totalsByAsset } from '../audit-rules.ts';

/** The bulk confirmation: how many, those that will only get their first approval, the totals per asset. */
export function AuditBulkConfirm({ selected }: { selected: readonly AdminWithdrawal[] }) {
  const { t } = useTranslation();
  const firsts = selected.filter((w) => w.needs_second_approval && !w.first_approved_by).length;
  return (
    <div className="withdraw-audit-confirm" data-testid="withdraw-audit-confirm" data-action="bulk">
      <p>{t('withdrawAudit.bulkConfirm', { n: selected.length })}</p>
      {firsts > 0 && (
        <p data-testid="withdraw-audit-confirm-two">{t('withdrawAudit.bulkFirsts', { n: firsts })}</p>
      )}
      <dl className="rows">
        {totalsByAsset(selected).map((total) => (
          <ValueRow
            key={total.type}
            label={t('withdrawAudit.bulkTotal', { asset: total.asset })}
            testId={`withdraw-audit-confirm-total-${total.type}`}
          >
            {formatAssetExact(total.amount, total.asset)}
          </ValueRow>
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

const idList = (ids: readonly string[]) => ids.map((id) => `#${id}`).join(', ');

/** The one-line summary of a bulk answer (the result card and the toast). */
export function bulkResultText(result: BulkApproveResult, t: TFunction) {
  const counts = t('withdrawAudit.bulkResult', {
    approved: result.approved.length,
    skipped: result.skipped.length,
  });
  if (result.awaiting_second.length === 0) return counts;
  return `${counts} ${t('withdrawAudit.bulkAwaiting', { n: result.awaiting_second.length })}`;
}

/**
 * The answer of the last bulk approval: how many were approved, which got their first approval and now
 * wait for a second approver, which were skipped and why.
 */
export function AuditBulkResult({ result, onClose }: { result: BulkApproveResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="card notice withdraw-audit-bulk-result"
      role="status"
      data-testid="withdraw-audit-bulk-result"
      data-approved={result.approved.length}
      data-awaiting={result.awaiting_second.length}
      data-skipped={result.skipped.length}
    >
      <p>{bulkResultText(result, t)}</p>
      {result.awaiting_second.length > 0 && (
        <p className="muted small" data-testid="withdraw-audit-bulk-awaiting">
          {t('withdrawAudit.bulkAwaitingIds', { ids: idList(result.awaiting_second) })}
        </p>
      )}
      {result.skipped.length > 0 && (
        <p className="muted small" data-testid="withdraw-audit-bulk-skipped">
          {t('withdrawAudit.bulkSkipped', { ids: idList(result.skipped) })}
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
