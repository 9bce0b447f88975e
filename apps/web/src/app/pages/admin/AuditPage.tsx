import type { WithdrawStatus, WithdrawType } from '@agc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PagedList } from '../../../components/PagedList.tsx';
import {
  flattenWithdrawals,
  useAdminWithdraws,
} from '../../../features/withdraw-audit/api/get-admin-withdraws.ts';
import {
  BULK_APPROVE_MAX,
  type BulkApproveResult,
  useBulkApproveWithdraws,
} from '../../../features/withdraw-audit/api/post-admin-withdraws-approve.ts';
import {
  BulkBar,
  BulkConfirm,
  BulkResult,
} from '../../../features/withdraw-audit/components/BulkApprove.tsx';
import { Filters } from '../../../features/withdraw-audit/components/Filters.tsx';
import { StatusTabs } from '../../../features/withdraw-audit/components/StatusTabs.tsx';
import {
  ConfirmOk,
  WithdrawAuditCard,
} from '../../../features/withdraw-audit/components/WithdrawAuditCard.tsx';
import '../../../features/withdraw-audit/withdraw-audit.css';
import { ApiError } from '../../../lib/request.ts';
import { confirmModal, toast } from '../../../lib/ui.ts';

const isForbidden = (error: unknown) =>
  error instanceof ApiError && (error.code === 403 || error.status === 403);

/**
 * Audit withdrawals (auditor or admin; the server answers 403 to anyone else): status tabs, the asset
 * and member filters, Approve / Reject per withdrawal, and a bulk approval of the selected Auditing
 * ones that says how many went through and which were skipped.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawStatus>('Auditing');
  const [type, setType] = useState<WithdrawType | undefined>(undefined);
  const [address, setAddress] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkResult, setBulkResult] = useState<BulkApproveResult | null>(null);
  const list = useAdminWithdraws({ status, type, address });
  const bulk = useBulkApproveWithdraws();

  if (isForbidden(list.error))
    return (
      <div className="page" data-testid="withdraw-audit-no-permission">
        <EmptyState description={t('withdrawAudit.noPermission')} />
      </div>
    );

  const items = flattenWithdrawals(list.data?.pages);
  // Only Auditing withdrawals can be approved; the selection keeps what is still listed as such.
  const selectable = status === 'Auditing' ? items.filter((w) => w.status === 'Auditing') : [];
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
      content: <BulkConfirm selected={batch} />,
      confirmText: <ConfirmOk />,
    });
    if (!ok) return;
    try {
      const result = await bulk.mutateAsync({ ids: batch.map((w) => w.withdraw_id) });
      setSelected(new Set());
      setBulkResult(result);
      void toast(
        t('withdrawAudit.bulkResult', { approved: result.approved.length, skipped: result.skipped.length }),
      );
    } catch {
      // the request wrapper has shown the server's message; the lists reload either way
    }
  };

  return (
    <div className="page withdraw-audit-page">
      <StatusTabs
        active={status}
        onChange={(next) => {
          setStatus(next);
          resetSelection();
        }}
      />
      <Filters
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
        header={bulkResult && <BulkResult result={bulkResult} onClose={() => setBulkResult(null)} />}
        items={items}
        itemKey={(w) => w.withdraw_id}
        renderItem={(w) =>
          status === 'Auditing' && w.status === 'Auditing' ? (
            <WithdrawAuditCard
              withdrawal={w}
              selected={selected.has(w.withdraw_id)}
              selectDisabled={limitReached || bulk.isPending}
              onSelect={(on) => select(w.withdraw_id, on)}
              onDecided={(id) => select(id, false)}
            />
          ) : (
            <WithdrawAuditCard withdrawal={w} />
          )
        }
        isPending={list.isPending}
        error={list.error}
        hasMore={list.hasNextPage}
        loadMore={() => list.fetchNextPage({ throwOnError: true })}
        refresh={() => list.refetch()}
      />
      {selectable.length > 0 && (
        <BulkBar
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
