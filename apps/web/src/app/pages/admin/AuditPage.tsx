import type { WithdrawStatus, WithdrawType } from '@agc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import { useAdminWithdraws } from '../../../features/withdraw/api/get-admin-withdraws.ts';
import { flattenWithdrawals } from '../../../features/withdraw/api/get-withdraws.ts';
import {
  BULK_APPROVE_MAX,
  type BulkApproveResult,
  useBulkApproveWithdraws,
} from '../../../features/withdraw/api/post-admin-withdraws-approve.ts';
import { approvalBlock } from '../../../features/withdraw/audit-rules.ts';
import {
  AuditBulkBar,
  AuditBulkConfirm,
  AuditBulkResult,
  bulkResultText,
} from '../../../features/withdraw/components/AuditBulkApprove.tsx';
import { AuditFilters } from '../../../features/withdraw/components/AuditFilters.tsx';
import {
  AuditConfirmOk,
  AuditWithdrawCard,
} from '../../../features/withdraw/components/AuditWithdrawCard.tsx';
import { WithdrawStatusTabs } from '../../../features/withdraw/components/WithdrawStatusTabs.tsx';
import '../../../features/withdraw/withdraw.css';
import '../../../features/withdraw/withdraw-audit.css';
import { ApiError } from '../../../lib/request.ts';
import { confirmModal, toast } from '../../../lib/ui.ts';
import { useWalletStore } from '../../../stores/wallet.ts';

const isForbidden = (error: unknown) =>
  error instanceof ApiError && (error.code === 403 || error.status === 403);

/**
 * Audit withdrawals (auditor or admin; the server answers 403 to anyone else): status tabs, the asset
 * and member filters, Approve / Reject per withdrawal (with the two-approver state of large amounts),
 * Revoke on an approved one, and a bulk approval of the selected Auditing ones that says how many went
 * through, how many got their first approval only, and which were skipped. The session's wallet address
 * is the auditor's: what they may not approve (their own, or what they gave the first approval to) has
 * no checkbox and a disabled Approve.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawStatus>('Auditing');
  const [type, setType] = useState<WithdrawType | undefined>(undefined);
  const [address, setAddress] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkResult, setBulkResult] = useState<BulkApproveResult | null>(null);
  const viewer = useWalletStore((s) => s.address);
  const list = useAdminWithdraws({ status, type, address });
  const bulk = useBulkApproveWithdraws();

  if (isForbidden(list.error))
    return (
      <div className="page" data-testid="withdraw-audit-no-permission">
        <EmptyState description={t('withdrawAudit.noPermission')} />
      </div>
    );

  const items = flattenWithdrawals(list.data?.pages);
  // Only Auditing withdrawals this auditor may approve; the selection keeps what is still listed as such.
  const approvable = (w: (typeof items)[number]) =>
    status === 'Auditing' && w.status === 'Auditing' && approvalBlock(w, viewer) === null;
  const selectable = items.filter(approvable);
  const chosen = selectable.filter((w) => selected.has(w.withdraw_id));
  const limitReached = chosen.length >= BULK_APPROVE_MAX;
  const firstSelectable = selectable.slice(0, BULK_APPROVE_MAX);
  const allSelected = firstSelectable.length > 0 && firstSelectable.every((w) => selected.has(w.withdraw_id));

  // A new view starts with nothing selected and without the last bulk answer.
  const resetSelection = () => {
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

  return (
    <div className="page withdraw-audit-page">
      <WithdrawStatusTabs
        testIdPrefix="withdraw-audit-tab"
        active={status}
        onChange={(next) => {
          setStatus(next);
          resetSelection();
        }}
      />
      <AuditFilters
        type={type}
        onType={(next) => {
          setType(next);
          resetSelection();
        }}
        address={address}
        onAddress={(next) => {
          setAddress(next);
          resetSelection();
        }}
      />
      <PagedList
        testId="withdraw-audit-list"
        header={bulkResult && <AuditBulkResult result={bulkResult} onClose={() => setBulkResult(null)} />}
        items={items}
        itemKey={(w) => w.withdraw_id}
        renderItem={(w) =>
          approvable(w) ? (
            <AuditWithdrawCard
              withdrawal={w}
              viewer={viewer}
              selected={selected.has(w.withdraw_id)}
              selectDisabled={limitReached || bulk.isPending}
              onSelect={(on) => select(w.withdraw_id, on)}
              onDecided={(id) => select(id, false)}
            />
          ) : (
            <AuditWithdrawCard withdrawal={w} viewer={viewer} />
          )
        }
        isPending={list.isPending}
        error={list.error}
        hasMore={list.hasNextPage}
        loadMore={() => list.fetchNextPage({ throwOnError: true })}
        refresh={() => list.refetch()}
      />
      {selectable.length > 0 && (
        <AuditBulkBar
          count={chosen.length}
          allSelected={allSelected}
          onSelectAll={(on) => setSelected(new Set(on ? firstSelectable.map((w) => w.withdraw_id) : []))}
          onApprove={() => void approveSelected()}
          busy={bulk.isPending}
          limitReached={limitReached}
        />
      )}
    </div>
  );
}
