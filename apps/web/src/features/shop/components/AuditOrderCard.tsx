import type { Order } from '@agc/shared';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAgc, formatEventTime, formatUsdt } from '../../../lib/format.ts';
import { confirmModal, toast } from '../../../lib/ui.ts';
import { useCancelAdminOrder } from '../api/post-admin-order-cancel.ts';
import { useConfirmAdminOrder } from '../api/post-admin-order-confirm.ts';
import { useRecheckAdminOrder } from '../api/post-admin-order-recheck.ts';
import { OrderStatusTag } from './OrderStatusTag.tsx';
import { TxHashLink } from './TxHashLink.tsx';

/** The audit note's length limit (the server's as well). */
export const AUDIT_NOTE_MAX = 500;

type Action = 'recheck' | 'confirm' | 'cancel';

/**
 * One order to audit with its reason. Re-check reads the payment on chain again; Confirm and Cancel
 * decide by hand and need a note (kept in the audit log). Every action asks first.
 */
export function AuditOrderCard({ order, explorerUrl }: { order: Order; explorerUrl?: string }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState(false);
  const recheck = useRecheckAdminOrder();
  const confirm = useConfirmAdminOrder();
  const cancel = useCancelAdminOrder();
  const busy = recheck.isPending || confirm.isPending || cancel.isPending;
  const open = order.status === 'Verifying' || order.status === 'Unpaid';
  const paid = Boolean(order.tx_hash);

  const act = async (action: Action) => {
    const text = note.trim();
    if (action !== 'recheck' && !text) {
      setNoteError(true);
      return;
    }
    const ok = await confirmModal({
      content: t(`audit.${action}Confirm`, { id: order.order_id }),
    });
    if (!ok) return;
    try {
      if (action === 'recheck') await recheck.mutateAsync(order.order_id);
      else if (action === 'confirm') await confirm.mutateAsync({ orderId: order.order_id, note: text });
      else await cancel.mutateAsync({ orderId: order.order_id, note: text });
      setNote('');
      void toast(t('audit.done'));
    } catch {
      // the request wrapper has shown the server's message
    }
  };

  return (
    <article className="card audit-order" data-testid={`audit-order-${order.order_id}`}>
      <div className="order-item-head">
        <span className="order-item-name">{order.product.name}</span>
        <OrderStatusTag status={order.status} testId="order-status" />
      </div>
      <dl className="rows">
        <div className="row">
          <dt>{t('order.fields.order_id')}</dt>
          <dd>{order.order_id}</dd>
        </div>
        <div className="row">
          <dt>{t('order.fields.wallet')}</dt>
          <dd className="break">{order.wallet}</dd>
        </div>
        <div className="row">
          <dt>{t('order.fields.pay_amount_usdt')}</dt>
          <dd>{formatUsdt(order.pay_amount_usdt)}</dd>
        </div>
        <div className="row">
          <dt>{t('order.fields.service_fee_agc')}</dt>
          <dd>{formatAgc(order.service_fee_agc)}</dd>
        </div>
        <div className="row">
          <dt>{t('order.fields.tx_hash')}</dt>
          <dd>{order.tx_hash ? <TxHashLink hash={order.tx_hash} explorerUrl={explorerUrl} /> : '-'}</dd>
        </div>
        <div className="row">
          <dt>{t('order.fields.pay_time')}</dt>
          <dd>{formatEventTime(order.pay_time, t)}</dd>
        </div>
      </dl>
      {order.reason && (
        <p className="notice card audit-reason" data-testid="audit-reason">
          {t('order.fields.reason')}: {order.reason}
        </p>
      )}
      {open && (
        <>
          <TextArea
            className="audit-note"
            data-testid="audit-note"
            placeholder={t('audit.notePlaceholder')}
            value={note}
            maxLength={AUDIT_NOTE_MAX}
            rows={2}
            onChange={(value) => {
              setNote(value);
              if (value.trim()) setNoteError(false);
            }}
          />
          {noteError && (
            <p className="error-text" role="alert" data-testid="audit-note-required">
              {t('audit.noteRequired')}
            </p>
          )}
          <div className="audit-actions">
            {paid && (
              <button
                type="button"
                className="btn btn-secondary btn-small"
                data-testid="audit-recheck"
                disabled={busy}
                onClick={() => void act('recheck')}
              >
                {t('audit.recheck')}
              </button>
            )}
            {/* The server confirms only when a payment event covering the quote was read on chain
                (reported or not: another payer's payment has no report), and says so otherwise. */}
            {order.status === 'Verifying' && (
              <button
                type="button"
                className="btn btn-primary btn-small"
                data-testid="audit-confirm"
                disabled={busy}
                onClick={() => void act('confirm')}
              >
                {t('audit.confirm')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-danger btn-small"
              data-testid="audit-cancel"
              disabled={busy}
              onClick={() => void act('cancel')}
            >
              {t('audit.cancel')}
            </button>
          </div>
        </>
      )}
    </article>
  );
}
