import { analyticsReportResponse } from '@agc/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { DayRange } from '../model/range.ts';
import { analyticsKeys } from './keys.ts';

/** GET /admin/analytics?from&to: every figure of every UTC day of the range, and totals (analyst, admin). */
export const getAnalytics = (r: DayRange) => get('/admin/analytics', r, { schema: analyticsReportResponse });

export const analyticsQueryOptions = (r: DayRange) =>
  queryOptions({
    queryKey: analyticsKeys.report(r.from, r.to),
    queryFn: () => getAnalytics(r),
    // Today's figures grow: read again after a minute; the previous range stays on screen while another loads.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (r: DayRange | null) =>
  useQuery({ ...analyticsQueryOptions(r ?? { from: '', to: '' }), enabled: r !== null });
