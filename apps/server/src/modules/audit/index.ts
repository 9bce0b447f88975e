/** The audit log: every admin action (who, when, what, before and after), appended in the same transaction. */
export {
  type AuditEntry,
  type AuditFilter,
  type AuditRow,
  auditPage,
  writeAudit,
} from './repository.ts';
