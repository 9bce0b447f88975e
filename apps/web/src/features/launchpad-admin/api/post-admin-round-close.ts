import { adminLaunchpadRoundSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { launchpadAdminKeys } from './keys.ts';

/** POST /admin/launchpad/rounds/{id}/close: no more copies are sold (copies sold stay and are released). */
export const closeLaunchpadRound = (id: number) =>
  post(
    `/admin/launchpad/rounds/${encodeURIComponent(String(id))}/close`,
    {},
    { schema: adminLaunchpadRoundSchema },
  );

/** Closes a round (a refusal is toasted by the request wrapper); the rounds are read again either way. */
export function useCloseLaunchpadRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeLaunchpadRound,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: launchpadAdminKeys.rounds }),
  });
}
