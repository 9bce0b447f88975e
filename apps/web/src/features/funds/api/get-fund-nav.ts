import { fundNavHistoryResponse } from '@agc/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { fundKeys } from './keys.ts';

export type FundNavHistory = z.infer<typeof fundNavHistoryResponse>;

/** The spans the NAV chart offers, in days. */
export const NAV_SPANS = [7, 30, 90] as const;
export type NavSpan = (typeof NAV_SPANS)[number];

/** GET /funds/products/{id}/nav?days=: the published NAVs of the last `days` days, oldest first. */
export const getFundNav = (id: number, days: number): Promise<FundNavHistory> =>
  get(`/funds/products/${encodeURIComponent(String(id))}/nav`, { days }, { schema: fundNavHistoryResponse });

export const fundNavQueryOptions = (id: number, days: number) =>
  queryOptions({ queryKey: fundKeys.nav(id, days), queryFn: () => getFundNav(id, days) });

/** The previous span's points stay on screen while another span loads. */
export const useFundNav = (id: number, days: NavSpan) =>
  useQuery({ ...fundNavQueryOptions(id, days), placeholderData: keepPreviousData });
