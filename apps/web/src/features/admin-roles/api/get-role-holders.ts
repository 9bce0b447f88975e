import { roleHoldersResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { adminRolesKeys } from './keys.ts';

/** GET /admin/roles: every role holder (granted and configured) and the grants of admin waiting for a second admin. */
export const getRoleHolders = () => get('/admin/roles', undefined, { schema: roleHoldersResponse });

export const roleHoldersQueryOptions = queryOptions({
  queryKey: adminRolesKeys.holders,
  queryFn: getRoleHolders,
  staleTime: 0,
});

export const useRoleHolders = () => useQuery(roleHoldersQueryOptions);
