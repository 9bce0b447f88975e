import { auditLogQuery } from '@agc/shared';

/** The audit log's applied filters, as the query string carries them (absent ones left out). */
export interface AuditFilters {
  action?: string;
  actor?: string;
  target?: string;
  from?: string;
  to?: string;
}

/** What the filter form holds while it is typed. */
export type AuditFilterDraft = Record<keyof AuditFilters, string>;

export const EMPTY_DRAFT: AuditFilterDraft = { action: '', actor: '', target: '', from: '', to: '' };

/**
 * The typed filters read by the server's own schema: the filters to apply, or the first field the server would
 * refuse (an actor that is no address, a day that does not exist, a start after the end).
 */
export function readFilters(
  draft: AuditFilterDraft,
): { ok: true; filters: AuditFilters } | { ok: false; field: keyof AuditFilters } {
  const parsed = auditLogQuery.safeParse(draft);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return { ok: false, field: (typeof field === 'string' ? field : 'action') as keyof AuditFilters };
  }
  const { action, actor, target, from, to } = parsed.data;
  const filters: AuditFilters = {};
  if (action) filters.action = action;
  if (actor) filters.actor = actor;
  if (target) filters.target = target;
  if (from) filters.from = from;
  if (to) filters.to = to;
  return { ok: true, filters };
}
