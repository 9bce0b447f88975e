import type { Order } from '@agc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmModal, toast } from '../../../lib/ui.ts';
import { useCancelAdminOrder } from '../api/post-admin-order-cancel.ts';
import { useConfirmAdminOrder } from '../api/post-admin-order-confirm.ts';
import { useRecheckAdminOrder } from '../api/post-admin-order-recheck.ts';

export type AuditAction = 'recheck' | 'confirm' | 'cancel';

/**
 * The audit of one order: the note, and the actions. Re-check reads the payment on chain again; Confirm and
 * Cancel decide by hand and need a note (kept in the audit log; `noteError` when it is empty, nothing asked).
 * Every action asks first; done, the note is cleared and a toast says so.
 */
export function useOrderAudit(order: Order) {
  const { t } = useTranslation();
  const [note, setNoteText] = useState('');
  const [noteError, setNoteError] = useState(false);
  const recheck = useRecheckAdminOrder();
  const confirm = useConfirmAdminOrder();
  const cancel = useCancelAdminOrder();
  const busy = recheck.isPending || confirm.isPending || cancel.isPending;

  const setNote = (value: string) => {
    setNoteText(value);
    if (value.trim()) setNoteError(false);
  };

  const act = async (action: AuditAction) => {
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
      setNoteText('');
      void toast(t('audit.done'));
    } catch {
      // the request wrapper has shown the server's message
    }
  };

  return { note, setNote, noteError, busy, act };
}
