import { porHistoryResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { porKeys } from './keys.ts';

/** The published snapshots the coverage chart shows: the last 60, newest first. */
export const HISTORY_SIZE = 60;

/** GET /por/snapshots (public). */
export const getPorHistory = () =>
  get('/por/snapshots', { page: 1, size: HISTORY_SIZE }, { schema: porHistoryResponse });

export const porHistoryQueryOptions = queryOptions({ queryKey: porKeys.history, queryFn: getPorHistory });

export const usePorHistory = () => useQuery(porHistoryQueryOptions);
