import { Address } from '@web/components/Address.tsx';
import { formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '../api/get-audit-log.ts';
import { changeRows } from '../model/changes.ts';

/** One audit log entry: what was done to what, by whom (or the system), when, and each field before → after. */
export function AuditEntryCard({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const rows = changeRows(entry.before, entry.after);
  return (
    <article className="card audit-entry" data-testid={`audit-entry-${entry.id}`}>
      <div className="audit-entry-head">
        <code className="audit-entry-action" data-testid="audit-entry-action">
          {entry.action}
        </code>
        <span className="muted small">{formatEventTime(entry.created_at, t)}</span>
      </div>
      <dl className="rows">
        <div className="row">
          <dt>{t('auditLog.actor')}</dt>
          <dd data-testid="audit-entry-actor">
            {entry.actor ? <Address address={entry.actor} /> : t('auditLog.system')}
          </dd>
        </div>
        <div className="row">
          <dt>{t('auditLog.target')}</dt>
          <dd className="audit-entry-target" data-testid="audit-entry-target">
            {entry.target}
          </dd>
        </div>
      </dl>
      {rows.length === 0 ? (
        <p className="muted small">{t('auditLog.noDetails')}</p>
      ) : (
        <table className="audit-changes" data-testid="audit-entry-changes">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('auditLog.field')}</span>
              </th>
              <th scope="col">{t('auditLog.before')}</th>
              <th scope="col">{t('auditLog.after')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.field} className={r.changed ? 'audit-change audit-change--changed' : 'audit-change'}>
                <th scope="row">{r.field}</th>
                <td data-testid={`audit-before-${r.field}`}>{r.before}</td>
                <td data-testid={`audit-after-${r.field}`}>{r.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
