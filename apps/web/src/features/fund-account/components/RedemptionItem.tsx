import type { FundRedemption } from '@agc/shared';
import { type FieldRow, FieldRows } from '@web/components/FieldRows.tsx';
import { formatEventTime, formatNav, formatUnits, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { RedemptionStatusTag } from './FundTags.tsx';

/** Still open: it waits for an admin (Pending) or for the next NAV (Approved). */
export const isOpenRedemption = (r: Pick<FundRedemption, 'status'>) =>
  r.status === 'Pending' || r.status === 'Approved';

/**
 * One redemption of an order: redeem number, units, amount, receiving account, status; while open its place in
 * the queue and the NAV day it is priced at; a Pending one can be cancelled (`onCancel`).
 */
export function RedemptionItem({
  redemption: r,
  onCancel,
  cancelling,
}: {
  redemption: FundRedemption;
  onCancel?: (r: FundRedemption) => void;
  cancelling?: boolean;
}) {
  const { t } = useTranslation();
  const time = (value: string | null) => formatEventTime(value, t);
  const rows: FieldRow[] = [
    ['redemption_id', r.redemption_id],
    ['status', <RedemptionStatusTag key="status" status={r.status} />],
    ['units', formatUnits(r.units)],
    ['amount_usdt', r.amount_usdt === null ? '-' : formatUsdt(r.amount_usdt)],
    ['receiving_account', t('fund.redeem.availableBalance')],
  ];
  if (r.nav !== null) rows.push(['nav', formatNav(r.nav)]);
  if (r.gross_usdt !== null) rows.push(['gross_usdt', formatUsdt(r.gross_usdt)]);
  if (r.fee_usdt !== null) rows.push(['fee_usdt', formatUsdt(r.fee_usdt)]);
  rows.push(['created_at', time(r.created_at)]);
  if (r.audited_at) rows.push(['audited_at', time(r.audited_at)]);
  if (r.audit_note) rows.push(['audit_note', r.audit_note]);
  if (r.completed_at) rows.push(['completed_at', time(r.completed_at)]);
  if (r.cancelled_at) rows.push(['cancelled_at', time(r.cancelled_at)]);
  return (
    <div className="card fund-redemption" data-testid={`fund-redemption-${r.redemption_id}`}>
      <FieldRows rows={rows} labelPrefix="fund.redeem.fields" testIdPrefix="fund-redemption" />
      {isOpenRedemption(r) && (
        <p className="muted small fund-queue" data-testid="fund-redemption-queue">
          {r.queue_place !== null && t('fund.redeem.queuePlace', { n: r.queue_place })}
          {r.queue_place !== null && r.nav_day && ' · '}
          {r.nav_day && t('fund.redeem.pricedAt', { day: r.nav_day })}
        </p>
      )}
      {r.status === 'Pending' && onCancel && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          data-testid="fund-redemption-cancel"
          disabled={cancelling}
          onClick={() => onCancel(r)}
        >
          {t('fund.redeem.cancel')}
        </button>
      )}
    </div>
  );
}
