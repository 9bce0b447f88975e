import { auditLogResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import type { AuditFilters } from '../model/filters.ts';

export type AuditLogPage = z.infer<typeof auditLogResponse>;
export type AuditLogEntry = AuditLogPage['list'][number];

export const AUDIT_LOG_PAGE_SIZE = 20;

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (filters: AuditFilters) => ['audit-log', 'list', filters] as const,
};

/** GET /admin/audit-log?page&size&action&actor&target&from&to: one page, newest first (admin, auditor). */
export const getAuditLog = (page: number, filters: AuditFilters) =>
  getListPage('/admin/audit-log', auditLogResponse, AUDIT_LOG_PAGE_SIZE, { page, ...filters });

export const flattenAuditLog = (pages: readonly Pick<AuditLogPage, 'list'>[] | undefined) =>
  uniqueItems(pages, (e) => e.id);

export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery(pagedQueryOptions(auditLogKeys.list(filters), (page) => getAuditLog(page, filters)));
