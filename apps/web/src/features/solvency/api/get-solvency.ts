import { solvencyResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { solvencyKeys } from './keys.ts';

/** GET /admin/solvency: liabilities by when payable against the treasury's balances at one block (auditor, analyst, admin). */
export const getSolvency = () => get('/admin/solvency', undefined, { schema: solvencyResponse });

export const solvencyQueryOptions = queryOptions({
  queryKey: solvencyKeys.view,
  queryFn: getSolvency,
  // Every visit and every Refresh reads the chain again: a solvency figure is only as good as its block.
  staleTime: 0,
  retry: false,
});

export const useSolvency = () => useQuery(solvencyQueryOptions);
