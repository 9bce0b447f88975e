import { type AdminLaunchpadRoundBody, adminLaunchpadRoundSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { launchpadAdminKeys } from './keys.ts';

/** POST /admin/launchpad/rounds: a new round (the form shows the server's message). */
export const createLaunchpadRound = (body: AdminLaunchpadRoundBody) =>
  post('/admin/launchpad/rounds', body, { schema: adminLaunchpadRoundSchema, silent: true });

/** Creates a round; the rounds are read again (the members' list reads its own on its next visit). */
export function useCreateLaunchpadRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLaunchpadRound,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: launchpadAdminKeys.rounds }),
  });
}
