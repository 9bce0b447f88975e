import { useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { useEffect, useRef } from 'react';
import { useEarnMovement } from '../api/get-earn-movement.ts';
import { earnKeys } from '../api/keys.ts';
import { useServerOffset } from './use-server-clock.ts';

/**
 * A transfer followed until it is final (read every few seconds while Pending), with the server's clock for its
 * countdown. When it arrives while the page watches, the summary, the lists and the member's balances are read
 * again: the available USDT has grown.
 */
export function useMovementResult(id: string | null) {
  const queryClient = useQueryClient();
  const movement = useEarnMovement(id);
  const offset = useServerOffset();
  const status = movement.data?.status;
  const was = useRef(status);
  useEffect(() => {
    if (was.current === 'Pending' && status === 'Arrived') {
      void queryClient.invalidateQueries({
        queryKey: earnKeys.all,
        predicate: (q) => q.queryKey[1] !== 'movement',
      });
      void invalidateMe(queryClient);
    }
    was.current = status;
  }, [status, queryClient]);
  return { movement, offset };
}
