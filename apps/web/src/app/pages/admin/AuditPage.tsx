import { useTranslation } from 'react-i18next';
import { NoPermission } from '../../../components/NoPermission.tsx';
import { PagedList, pagingProps } from '../../../components/PagedList.tsx';
import { AuditBulkBar, AuditBulkResult } from '../../../features/withdraw/components/AuditBulkApprove.tsx';
import { AuditFilters } from '../../../features/withdraw/components/AuditFilters.tsx';
import { AuditWithdrawCard } from '../../../features/withdraw/components/AuditWithdrawCard.tsx';
import { WithdrawStatusTabs } from '../../../features/withdraw/components/WithdrawStatusTabs.tsx';
import { useWithdrawAudit } from '../../../features/withdraw/hooks/use-withdraw-audit.tsx';
import '../../../features/withdraw/withdraw.css';
import '../../../features/withdraw/withdraw-audit.css';

/**
 * Audit withdrawals (auditor or admin; the server answers 403 to anyone else): status tabs, the asset
 * and member filters, Approve / Reject per withdrawal (with the two-approver state of large amounts),
 * Revoke on an approved one, and a bulk approval of the selected Auditing ones that says how many went
 * through, how many got their first approval only, and which were skipped (`useWithdrawAudit`).
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const audit = useWithdrawAudit();
  const { list, bulk } = audit;

  if (audit.forbidden)
    return <NoPermission testId="withdraw-audit-no-permission" text={t('withdrawAudit.noPermission')} />;

  return (
    <div className="page withdraw-audit-page">
      <WithdrawStatusTabs
        testIdPrefix="withdraw-audit-tab"
        active={audit.filter.status}
        onChange={audit.setStatus}
      />
      <AuditFilters
        type={audit.filter.type}
        onType={audit.setType}
        address={audit.filter.address}
        onAddress={audit.setAddress}
      />
      <PagedList
        testId="withdraw-audit-list"
        header={bulk.result && <AuditBulkResult result={bulk.result} onClose={bulk.closeResult} />}
        items={audit.items}
        itemKey={(w) => w.withdraw_id}
        renderItem={(w) => <AuditWithdrawCard withdrawal={w} {...audit.selectionOf(w)} />}
        {...pagingProps(list)}
      />
      {bulk.available && (
        <AuditBulkBar
          count={bulk.count}
          allSelected={bulk.allSelected}
          onSelectAll={bulk.selectAll}
          onApprove={bulk.approve}
          busy={bulk.busy}
          limitReached={bulk.limitReached}
        />
      )}
    </div>
  );
}
