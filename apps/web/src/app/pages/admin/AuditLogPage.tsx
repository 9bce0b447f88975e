import { NoPermission } from '@web/components/NoPermission.tsx';
import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { flattenAuditLog, useAuditLog } from '@web/features/audit-log/api/get-audit-log.ts';
import { AuditEntryCard } from '@web/features/audit-log/components/AuditEntryCard.tsx';
import { AuditFilterForm } from '@web/features/audit-log/components/AuditFilterForm.tsx';
import type { AuditFilters } from '@web/features/audit-log/model/filters.ts';
import { isForbidden } from '@web/lib/request.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/audit-log/audit-log.css';

/** The audit log (admin, auditor; the server answers 403 to anyone else): filters, then entries newest first. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  const list = useAuditLog(filters);
  if (isForbidden(list.error))
    return <NoPermission testId="audit-log-no-permission" text={t('auditLog.noPermission')} />;
  return (
    <div className="page audit-log-page">
      <AuditFilterForm onApply={setFilters} />
      <PagedList
        testId="audit-log-list"
        items={flattenAuditLog(list.data?.pages)}
        itemKey={(e) => e.id}
        renderItem={(e) => <AuditEntryCard entry={e} />}
        {...pagingProps(list)}
      />
    </div>
  );
}
