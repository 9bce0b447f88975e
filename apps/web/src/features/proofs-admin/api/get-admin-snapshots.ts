import { adminPorListResponse, type PorSnapshotStatus } from '@agc/shared';
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

/** While a snapshot is being built or published, the list is read again this often (the server's jobs move it on). */
export const SNAPSHOT_POLL_MS = 10_000;
const UNDER_WAY: ReadonlySet<PorSnapshotStatus> = new Set(['building', 'publishing']);

export const useAdminSnapshots = () =>
  useInfiniteQuery({
    ...pagedQueryOptions(porAdminKeys.list, getAdminSnapshots),
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((s) => UNDER_WAY.has(s.status)))
        ? SNAPSHOT_POLL_MS
        : false,
  });
