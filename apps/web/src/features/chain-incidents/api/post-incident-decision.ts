import { incidentSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { incidentKeys } from './keys.ts';

export type IncidentDecision = 'reverse' | 'confirm' | 'cancel' | 'accept';

/**
 * POST /admin/incidents/{id}/reverse|confirm|cancel|accept: a decision on one incident (accept carries the reason,
 * reverse an optional note). A refusal (decided meanwhile, the same admin confirming) is toasted by the wrapper.
 */
export const decideIncident = ({
  id,
  decision,
  text,
}: {
  id: string;
  decision: IncidentDecision;
  text?: string;
}) =>
  post(
    `/admin/incidents/${encodeURIComponent(id)}/${decision}`,
    decision === 'accept' ? { reason: text } : decision === 'reverse' && text ? { note: text } : {},
    { schema: incidentSchema },
  );

/** Decides; every incident list is read again either way. */
export function useIncidentDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideIncident,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: incidentKeys.all }),
  });
}
