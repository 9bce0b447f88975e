import { adminPorSnapshotSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { porAdminKeys } from './keys.ts';

/**
 * POST /admin/por/snapshots: a snapshot now, sent for publication at once when it balances (admin). A refusal (409
 * while one is being built, 503 when the chain cannot be read) is the request wrapper's toast with the server's text.
 */
export const takeSnapshot = () => post('/admin/por/snapshots', {}, { schema: adminPorSnapshotSchema });

/** POST /admin/por/snapshots/{id}/publish: a snapshot whose publication failed is sent again (admin; idempotent). */
export const republishSnapshot = (id: number) =>
  post(`/admin/por/snapshots/${id}/publish`, {}, { schema: adminPorSnapshotSchema });

/** The list is read again after either, also after a refusal (someone else acted first). */
function useSnapshotMutation<V>(fn: (v: V) => ReturnType<typeof takeSnapshot>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: porAdminKeys.all }),
  });
}

export const useTakeSnapshot = () => useSnapshotMutation<void>(takeSnapshot);
export const useRepublishSnapshot = () => useSnapshotMutation<number>(republishSnapshot);
