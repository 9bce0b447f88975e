/** The audit log: every admin action (who, when, what, before and after), appended in the same transaction. */
export { type AuditEntry, writeAudit } from './repository.ts';
