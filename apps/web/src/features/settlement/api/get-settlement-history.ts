import { settlementHistoryResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { settlementKeys } from './keys.ts';

export type SettlementHistory = z.infer<typeof settlementHistoryResponse>;

/** GET /admin/settlements (admin; 403 otherwise): the runs so far, newest first, and the next day to settle. */
export const getSettlementHistory = (): Promise<SettlementHistory> =>
  get('/admin/settlements', undefined, { schema: settlementHistoryResponse, silent: true });

export const settlementHistoryQueryOptions = queryOptions({
  queryKey: settlementKeys.history,
  queryFn: getSettlementHistory,
});

export const useSettlementHistory = () => useQuery(settlementHistoryQueryOptions);
