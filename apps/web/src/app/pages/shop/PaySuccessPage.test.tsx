import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_POLL_MS } from '../../../features/shop/api/get-order.ts';
import { cleanupPage } from '../../../test/cleanup.ts';
import { makeOrder } from '../../../test/fixtures.ts';
import { ok, renderPage, stubApi, testQueryClient } from '../../../test/render.tsx';
import PaySuccessPage from './PaySuccessPage.tsx';

afterEach(async () => {
  vi.useRealTimers();
  await cleanupPage();
});

describe('pay success page', () => {
  it('never trusts a cached copy of the order: it asks the server', async () => {
    stubApi({ 'GET /api/v1/order/42': () => ok(makeOrder({ status: 'Verifying' })) });
    const client = testQueryClient();
    client.setQueryData(['order', '42'], makeOrder({ status: 'Unpaid' }));
    renderPage(<PaySuccessPage />, '/pages/shop/paySuccess?order_id=42', client);
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Verifying'));
  });

  it('says Pay success, shows the status and polls while Verifying until Success; then me is refreshed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'Verifying' | 'Success' = 'Verifying';
    const calls = stubApi({
      'GET /api/v1/order/42': () => ok(makeOrder({ status, pay_amount_usdt: '2500' })),
    });
    const { queryClient } = renderPage(<PaySuccessPage />, '/pages/shop/paySuccess?order_id=42');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getByTestId('pay-success').textContent).toContain('Pay success');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Verifying'));
    expect(screen.getByTestId('pay-success').textContent).toContain('2,500.00 USDT');
    expect(screen.getByTestId('order-status-later').textContent).toBe(
      'Please try again later to check the status of your order.',
    );
    status = 'Success';
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Success'));
    expect(screen.queryByTestId('order-status-later')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me'] });
    const polls = calls.length;
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(calls.length).toBe(polls); // settled: no more polling
  });
});
