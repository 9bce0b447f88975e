import { fundNavPendingResponse } from '@agc/shared';
import { useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { fundAdminKeys } from './keys.ts';

/** GET /admin/funds/nav/pending: NAV entries waiting for a second admin, newest first. */
export const getPendingNavs = () =>
  get('/admin/funds/nav/pending', undefined, { schema: fundNavPendingResponse });

export const usePendingNavs = () =>
  useQuery({ queryKey: fundAdminKeys.pendingNavs, queryFn: getPendingNavs, staleTime: 0 });
