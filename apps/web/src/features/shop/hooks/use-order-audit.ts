import type { Order } from '@agc/shared';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useAuditNote } from '@web/lib/use-audit-note.ts';
import { useTranslation } from 'react-i18next';
import { useCancelAdminOrder } from '../api/post-admin-order-cancel.ts';
import { useConfirmAdminOrder } from '../api/post-admin-order-confirm.ts';
import { useRecheckAdminOrder } from '../api/post-admin-order-recheck.ts';

export type AuditAction = 'recheck' | 'confirm' | 'cancel';

/**
 * The audit of one order: the note, and the actions. Re-check reads the payment on chain again; Confirm and
 * Cancel decide by hand and need a note (kept in the audit log; `note.missing` when it is empty, nothing asked).
 * Every action asks first; done, the note is cleared and a toast says so.
 */
export function useOrderAudit(order: Order) {
  const { t } = useTranslation();
  const note = useAuditNote();
  const recheck = useRecheckAdminOrder();
  const confirm = useConfirmAdminOrder();
  const cancel = useCancelAdminOrder();
  const busy = recheck.isPending || confirm.isPending || cancel.isPending;

  const act = async (action: AuditAction) => {
    const text = note.take(action !== 'recheck');
    if (text === null) return;
    const ok = await confirmModal({
      // Cancelling a paid order is destructive: red.
      destructive: action === 'cancel',
      content: t(`audit.${action}Confirm`, { id: order.order_id }),
    });
    if (!ok) return;
    try {
      if (action === 'recheck') await recheck.mutateAsync(order.order_id);
      else if (action === 'confirm') await confirm.mutateAsync({ orderId: order.order_id, note: text });
      else await cancel.mutateAsync({ orderId: order.order_id, note: text });
      note.clear();
      void toast(t('audit.done'));
    } catch {
      // the request wrapper has shown the server's message
    }
  };

  return { note, busy, act };
}
