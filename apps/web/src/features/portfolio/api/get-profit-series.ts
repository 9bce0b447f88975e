import { type RewardSeries, rewardSeriesResponse } from '@agc/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';

/** The two spans the home chart offers. */
export const SERIES_SPANS = [7, 30] as const;
export type SeriesSpan = (typeof SERIES_SPANS)[number];

/** GET /profit/series?days: the member's rewards per UTC day and kind, oldest first, today last, zero days included. */
export const getProfitSeries = (days: SeriesSpan): Promise<RewardSeries> =>
  get('/profit/series', { days }, { schema: rewardSeriesResponse });

export const profitSeriesQueryOptions = (days: SeriesSpan) =>
  queryOptions({
    // Under ['me']: whatever changes the member's figures (a settlement, a reward, a withdrawal) reads it again.
    queryKey: ['me', 'profit-series', days],
    queryFn: () => getProfitSeries(days),
    staleTime: 30_000,
  });

/** The series of the chosen span; the previous span stays on screen while the other one loads. */
export const useProfitSeries = (days: SeriesSpan) =>
  useQuery({ ...profitSeriesQueryOptions(days), placeholderData: keepPreviousData });
