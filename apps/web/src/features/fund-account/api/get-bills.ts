import { type FundBill, fundBillListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { fundAccountKeys } from './keys.ts';

export type FundBillPage = z.infer<typeof fundBillListResponse>;

export const FUND_BILL_PAGE_SIZE = 12;

/** GET /funds/bills?month&page: the member's monthly bills (one per holding and month), newest month first. */
export const getFundBills = (params: { page: number; month?: string }): Promise<FundBillPage> =>
  getListPage('/funds/bills', fundBillListResponse, FUND_BILL_PAGE_SIZE, params);

export const flattenBills = (pages: readonly Pick<FundBillPage, 'list'>[] | undefined): FundBill[] =>
  uniqueItems(pages, (bill) => bill.bill_id);

export const useFundBills = (month: string | undefined) =>
  useInfiniteQuery(pagedQueryOptions(fundAccountKeys.bills(month), (page) => getFundBills({ page, month })));
