import type { Order } from '@agc/shared';
import { Address } from '@web/components/Address.tsx';
import { AuditNote } from '@web/components/AuditNote.tsx';
import { type FieldRow, FieldRows } from '@web/components/FieldRows.tsx';
import { TxHashLink } from '@web/components/TxHashLink.tsx';
import { formatAgc, formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { type AuditAction, useOrderAudit } from '../hooks/use-order-audit.ts';
import { OrderStatusTag } from './OrderStatusTag.tsx';

/**
 * One order to audit with its reason. Re-check reads the payment on chain again; Confirm and Cancel
 * decide by hand and need a note (kept in the audit log). Every action asks first.
 */
export function AuditOrderCard({ order, explorerUrl }: { order: Order; explorerUrl?: string }) {
  const { t } = useTranslation();
  const audit = useOrderAudit(order);
  const open = order.status === 'Verifying' || order.status === 'Unpaid';
  const rows: FieldRow[] = [
    ['order_id', order.order_id],
    ['wallet', <Address key="wallet" address={order.wallet} testId="audit-order-wallet" />],
    ['pay_amount_usdt', formatUsdt(order.pay_amount_usdt)],
    ['service_fee_agc', formatAgc(order.service_fee_agc)],
    ['tx_hash', order.tx_hash ? <TxHashLink key="tx" hash={order.tx_hash} explorerUrl={explorerUrl} /> : '-'],
    ['pay_time', formatEventTime(order.pay_time, t)],
  ];
  // Re-check when there is a payment hash to read; Confirm while Verifying (the server confirms only when a
  // payment event covering the quote was read on chain — reported or not: another payer's payment has no
  // report — and says so otherwise); Cancel while the order is open.
  const actions: { action: AuditAction; shown: boolean; className: string }[] = [
    { action: 'recheck', shown: Boolean(order.tx_hash), className: 'btn-secondary' },
    { action: 'confirm', shown: order.status === 'Verifying', className: 'btn-primary' },
    { action: 'cancel', shown: true, className: 'btn-danger' },
  ];

  return (
    <article className="card audit-order" data-testid={`audit-order-${order.order_id}`}>
      <div className="order-item-head">
        <span className="order-item-name">{order.product.name}</span>
        <OrderStatusTag status={order.status} disputed={order.disputed} testId="order-status" />
      </div>
      <FieldRows rows={rows} labelPrefix="order.fields" />
      {order.reason && (
        <p className="notice card audit-reason" data-testid="audit-reason">
          {t('order.fields.reason')}: {order.reason}
        </p>
      )}
      {open && (
        <>
          <AuditNote
            note={audit.note}
            testId="audit-note"
            placeholder={t('audit.notePlaceholder')}
            requiredTestId="audit-note-required"
            requiredText={t('audit.noteRequired')}
          />
          <div className="audit-actions">
            {actions
              .filter((a) => a.shown)
              .map(({ action, className }) => (
                <button
                  key={action}
                  type="button"
                  className={`btn ${className} btn-small`}
                  data-testid={`audit-${action}`}
                  disabled={audit.busy}
                  onClick={() => void audit.act(action)}
                >
                  {t(`audit.${action}`)}
                </button>
              ))}
          </div>
        </>
      )}
    </article>
  );
}
