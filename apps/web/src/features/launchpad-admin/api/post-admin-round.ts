import { type AdminLaunchpadRoundBody, adminLaunchpadRoundSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post, request } from '@web/lib/request.ts';
import { launchpadAdminKeys } from './keys.ts';

/** POST /admin/launchpad/rounds: a new round (the form shows the server's message). */
export const createLaunchpadRound = (body: AdminLaunchpadRoundBody) =>
  post('/admin/launchpad/rounds', body, { schema: adminLaunchpadRoundSchema, silent: true });

/** PUT /admin/launchpad/rounds/{id}: every term of a round that has not opened (the form shows a refusal). */
export const updateLaunchpadRound = ({ id, body }: { id: number; body: AdminLaunchpadRoundBody }) =>
  request({
    url: `/admin/launchpad/rounds/${encodeURIComponent(String(id))}`,
    method: 'PUT',
    data: body,
    schema: adminLaunchpadRoundSchema,
    silent: true,
  });

/**
 * Creates (no id) or edits a round; the rounds are read again (the members' list reads its own on its next
 * visit).
 */
export function useSaveLaunchpadRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminLaunchpadRoundBody }) =>
      id === null ? createLaunchpadRound(body) : updateLaunchpadRound({ id, body }),
    // Also after a refusal: a round that has opened meanwhile shows its state (and no Edit) at once.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: launchpadAdminKeys.rounds }),
  });
}
