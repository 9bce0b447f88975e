import { type RoleChangeBody, roleChangeResponse } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@web/lib/me.ts';
import { post } from '@web/lib/request.ts';
import { adminRolesKeys } from './keys.ts';

/** POST /admin/roles/grant: the role at once, or (admin) a request another admin confirms. The form shows a refusal. */
export const grantRole = (body: RoleChangeBody) =>
  post('/admin/roles/grant', body, { schema: roleChangeResponse, silent: true });

/** POST /admin/roles/revoke: a refusal (last admin, configured admin) is toasted by the request wrapper. */
export const revokeRole = (body: RoleChangeBody) =>
  post('/admin/roles/revoke', body, { schema: roleChangeResponse });

/**
 * Grants or revokes; the holders are read again either way (a refusal may mean someone else changed them), and the
 * viewer's own roles (an admin may revoke its own).
 */
export function useRoleChange(kind: 'grant' | 'revoke') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kind === 'grant' ? grantRole : revokeRole,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminRolesKeys.holders });
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    },
  });
}
