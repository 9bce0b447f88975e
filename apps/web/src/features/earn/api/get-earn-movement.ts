import { type EarnMovement, earnMovementSchema } from '@agc/shared';
import { useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { earnKeys } from './keys.ts';

/** A movement id as the server writes it (a positive integer); anything else is never asked. */
export const isMovementId = (id: string | null | undefined): id is string =>
  typeof id === 'string' && /^[1-9]\d{0,17}$/.test(id);

/** GET /earn/movements/{id}: one of the member's transfers (another member's is 404). */
export const getEarnMovement = (id: string): Promise<EarnMovement> =>
  get(`/earn/movements/${encodeURIComponent(id)}`, undefined, { schema: earnMovementSchema, silent: true });

/** A Pending transfer out is read again this often (the arrival job moves it when its time comes). */
export const MOVEMENT_POLL_MS = 3000;

export const useEarnMovement = (id: string | null) =>
  useQuery({
    queryKey: earnKeys.movement(id ?? ''),
    queryFn: () => getEarnMovement(id ?? ''),
    enabled: isMovementId(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'Pending' ? MOVEMENT_POLL_MS : false),
  });
