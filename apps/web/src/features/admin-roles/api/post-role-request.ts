import { roleRequestDecisionResponse } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { adminRolesKeys } from './keys.ts';

export type RoleRequestDecisionKind = 'confirm' | 'cancel';

/** POST /admin/roles/requests/{id}/confirm|cancel: a refusal (own request, decided already) is toasted. */
export const decideRoleRequest = ({ id, decision }: { id: string; decision: RoleRequestDecisionKind }) =>
  post(
    `/admin/roles/requests/${encodeURIComponent(id)}/${decision}`,
    {},
    { schema: roleRequestDecisionResponse },
  );

/** Confirms or cancels a pending grant of admin; the holders are read again either way. */
export function useRoleRequestDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRoleRequest,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminRolesKeys.holders }),
  });
}
