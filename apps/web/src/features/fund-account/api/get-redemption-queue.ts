import { fundRedemptionQueueResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { fundAccountKeys } from './keys.ts';

/** GET /funds/redemptions/queue?product_id=: where a redemption asked now would stand (place, NAV day). */
export const getRedemptionQueue = (productId: number) =>
  get('/funds/redemptions/queue', { product_id: productId }, { schema: fundRedemptionQueueResponse });

/** Read while the redemption sheet is open (`enabled`), again after any fund write (under fund-account). */
export const useRedemptionQueue = (productId: number, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: fundAccountKeys.queue(productId),
      queryFn: () => getRedemptionQueue(productId),
      enabled,
      staleTime: 10_000,
    }),
  );
