import type { AdminWithdrawal, WithdrawStatus, WithdrawType } from '@agc/shared';
import { isForbidden } from '@web/lib/request.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminWithdraws } from '../api/get-admin-withdraws.ts';
import { flattenWithdrawals } from '../api/get-withdraws.ts';
import {
  BULK_APPROVE_MAX,
  type BulkApproveResult,
  useBulkApproveWithdraws,
} from '../api/post-admin-withdraws-approve.ts';
import { AuditBulkConfirm, bulkResultText } from '../components/AuditBulkApprove.tsx';
import { AuditConfirmOk } from '../components/AuditConfirm.tsx';

/**
 * The audit page's state: the status tab (Auditing first), the asset and member filters, the list, and the
 * bulk approval of the selected Auditing withdrawals this auditor may approve (each row's `approve` ability, the
 * server's maker-checker rule answered for this auditor), at most BULK_APPROVE_MAX. A new view starts with nothing
 * selected and without the last bulk answer.
 */
export function useWithdrawAudit() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawStatus>('Auditing');
  const [type, setType] = useState<WithdrawType | undefined>(undefined);
  const [address, setAddress] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkResult, setBulkResult] = useState<BulkApproveResult | null>(null);
  const list = useAdminWithdraws({ status, type, address });
  const bulk = useBulkApproveWithdraws();

  const items = flattenWithdrawals(list.data?.pages);
  // Only Auditing withdrawals this auditor may approve; the selection keeps what is still listed as such.
  const approvable = (w: AdminWithdrawal) =>
    status === 'Auditing' && w.status === 'Auditing' && w.approve.can;
  const selectable = items.filter(approvable);
  const chosen = selectable.filter((w) => selected.has(w.withdraw_id));
  const limitReached = chosen.length >= BULK_APPROVE_MAX;
  const firstSelectable = selectable.slice(0, BULK_APPROVE_MAX);
  const allSelected = firstSelectable.length > 0 && firstSelectable.every((w) => selected.has(w.withdraw_id));

  /** A setter of the view that also drops the selection and the last bulk answer. */
  const newView =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setSelected(new Set());
      setBulkResult(null);
    };
  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const approveSelected = async () => {
    if (chosen.length === 0 || bulk.isPending) return;
    const batch = chosen;
    const ok = await confirmModal({
      title: t('withdrawAudit.bulkTitle'),
      content: <AuditBulkConfirm selected={batch} />,
      confirmText: <AuditConfirmOk />,
    });
    if (!ok) return;
    try {
      const result = await bulk.mutateAsync({ ids: batch.map((w) => w.withdraw_id) });
      setSelected(new Set());
      setBulkResult(result);
      void toast(bulkResultText(result, t));
    } catch {
      // the request wrapper has shown the server's message; the lists reload either way
    }
  };

  return {
    forbidden: isForbidden(list.error),
    filter: { status, type, address },
    setStatus: newView(setStatus),
    setType: newView(setType),
    setAddress: newView(setAddress),
    list,
    items,
    /** The selection props of a withdrawal's card: none when it cannot be approved from here. */
    selectionOf: (w: AdminWithdrawal) =>
      approvable(w)
        ? {
            selected: selected.has(w.withdraw_id),
            selectDisabled: limitReached || bulk.isPending,
            onSelect: (on: boolean) => select(w.withdraw_id, on),
            onDecided: (id: string) => select(id, false),
          }
        : {},
    bulk: {
      /** Whether the bulk bar shows (something on the list may be selected). */
      available: selectable.length > 0,
      count: chosen.length,
      allSelected,
      limitReached,
      busy: bulk.isPending,
      selectAll: (on: boolean) => setSelected(new Set(on ? firstSelectable.map((w) => w.withdraw_id) : [])),
      approve: () => void approveSelected(),
      result: bulkResult,
      closeResult: () => setBulkResult(null),
    },
  };
}
