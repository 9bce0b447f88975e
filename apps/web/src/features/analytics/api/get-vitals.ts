import { vitalsReportResponse } from '@agc/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { DayRange } from '../model/range.ts';
import { analyticsKeys } from './keys.ts';

/** GET /admin/vitals?from&to: the p75 of LCP, INP and CLS per route and UTC day (analyst, admin). */
export const getVitals = (r: DayRange) => get('/admin/vitals', r, { schema: vitalsReportResponse });

export const useVitals = (r: DayRange) =>
  useQuery(
    queryOptions({
      queryKey: analyticsKeys.vitals(r.from, r.to),
      queryFn: () => getVitals(r),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
  );
