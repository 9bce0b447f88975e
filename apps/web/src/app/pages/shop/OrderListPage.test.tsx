import { fireEvent, screen, waitFor } from '@testing-library/react';
import { flattenOrders, nextPageParam, useOrders } from '@web/features/shop/api/get-orders.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeOrder } from '@web/test/fixtures.ts';
import { loadBothPages, renderQueryHook } from '@web/test/query-hooks.tsx';
import { type ApiHandler, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import OrderListPage from './OrderListPage.tsx';

const pageOf = (page: number, ids: string[], hasMore: boolean) =>
  ok({
    list: ids.map((id) => makeOrder({ order_id: id, pay_amount_usdt: '1500', service_fee_agc: '12.34567' })),
    total: 99,
    page,
    size: 10,
    has_more: hasMore,
  });

const paged: ApiHandler = (url) => {
  const page = Number(url.searchParams.get('page'));
  return page === 1 ? pageOf(1, ['3', '2'], true) : pageOf(page, ['2', '1'], false);
};

afterEach(cleanupPage);

describe('order list paging', () => {
  it('has a next page only while the server says has_more', () => {
    expect(nextPageParam({ page: 1, has_more: true })).toBe(2);
    expect(nextPageParam({ page: 4, has_more: false })).toBeUndefined();
  });

  it('asks page after page while has_more, each order once', async () => {
    const calls = stubApi({ 'GET /api/v1/order/all': paged });
    const { result } = renderQueryHook(() => useOrders('Verifying'));
    await loadBothPages(result);
    expect(calls.map((c) => [c.query.get('page'), c.query.get('size'), c.query.get('status')])).toEqual([
      ['1', '10', 'Verifying'],
      ['2', '10', 'Verifying'],
    ]);
    expect(flattenOrders(result.current.data?.pages).map((o) => o.order_id)).toEqual(['3', '2', '1']);
  });
});

describe('order list page', () => {
  it('shows the orders with formatted amounts, No More Data at the end, and opens a detail', async () => {
    stubApi({ 'GET /api/v1/order/all': () => pageOf(1, ['7'], false) });
    const { router } = renderPage(<OrderListPage />, '/pages/shop/orderList');
    const item = await screen.findByTestId('order-item-7');
    expect(item.querySelector('[data-testid="order-amount"]')?.textContent).toBe('1,500.00 USDT');
    expect(item.querySelector('[data-testid="order-fee"]')?.textContent).toBe('12.3456 AGC');
    expect(item.querySelector('[data-testid="order-status"]')?.textContent).toBe('Unpaid');
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');
    fireEvent.click(item);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/pages/shop/shopOrderDetail?order_id=7',
      ),
    );
  });

  it('filters by status with the tabs', async () => {
    const calls = stubApi({ 'GET /api/v1/order/all': () => pageOf(1, [], false) });
    renderPage(<OrderListPage />, '/pages/shop/orderList');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Data Available');
    expect(calls[0]?.query.get('status')).toBeNull();
    fireEvent.click(screen.getByTestId('order-tab-Success'));
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('Success'));
  });
});
