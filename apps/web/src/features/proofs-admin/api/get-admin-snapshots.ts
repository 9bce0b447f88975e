import { adminPorListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { porAdminKeys } from './keys.ts';

export type AdminSnapshotPage = z.infer<typeof adminPorListResponse>;

export const ADMIN_SNAPSHOT_PAGE_SIZE = 20;

/** GET /admin/por/snapshots?page&size: the snapshots, newest first, with their status (auditor, analyst, admin). */
export const getAdminSnapshots = (page: number) =>
  getListPage('/admin/por/snapshots', adminPorListResponse, ADMIN_SNAPSHOT_PAGE_SIZE, { page });

export const flattenAdminSnapshots = (pages: readonly Pick<AdminSnapshotPage, 'list'>[] | undefined) =>
  uniqueItems(pages, (s) => String(s.snapshot_id));

export const useAdminSnapshots = () =>
  useInfiniteQuery(pagedQueryOptions(porAdminKeys.list, getAdminSnapshots));
