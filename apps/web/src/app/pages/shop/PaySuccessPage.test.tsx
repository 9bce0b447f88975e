import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ORDER_POLL_MS } from '@web/features/shop/api/get-order.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeOrder } from '@web/test/fixtures.ts';
import { CONFIG, fail, ok, renderPage, stubApi, testQueryClient } from '@web/test/render.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('waits while Verifying (steps done, confirming), polls until Success, then says Pay success and refreshes me', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'Verifying' | 'Success' = 'Verifying';
    const calls = stubApi({
      'GET /api/v1/order/42': () =>
        ok(makeOrder({ status, pay_amount_usdt: '2500', tx_hash: `0x${'ab'.repeat(32)}` })),
    });
    const { queryClient } = renderPage(<PaySuccessPage />, '/pages/shop/paySuccess?order_id=42');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Verifying'));
    expect(screen.getByTestId('pay-result').getAttribute('data-state')).toBe('waiting');
    expect(screen.getByTestId('pay-result-title').textContent).toBe('Payment sent, confirming');
    expect(screen.getByTestId('pay-result').textContent).not.toContain('Pay success');
    expect(screen.getByTestId('pay-result').textContent).toContain('2,500.00 USDT');
    expect(
      ['authAmc', 'authUsd', 'paying', 'confirming'].map((s) =>
        screen.getByTestId(`pay-result-step-${s}`).getAttribute('data-state'),
      ),
    ).toEqual(['done', 'done', 'done', 'waiting']);
    expect(screen.getByTestId('order-status-later').textContent).toBe(
      'Please try again later to check the status of your order.',
    );
    status = 'Success';
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Success'));
    expect(screen.getByTestId('pay-result').getAttribute('data-state')).toBe('success');
    expect(screen.getByTestId('pay-result-title').textContent).toBe('Pay success');
    expect(screen.queryByTestId('order-status-later')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me'] });
    const polls = calls.length;
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(calls.length).toBe(polls); // settled: no more polling
  });

  it('without an order_id says the order is not found, with no success and no order request', async () => {
    const calls = stubApi({});
    renderPage(<PaySuccessPage />, '/pages/shop/paySuccess');
    expect(screen.getByTestId('pay-result').getAttribute('data-state')).toBe('notFound');
    expect(screen.getByTestId('pay-result-title').textContent).toBe('Order not found');
    expect(screen.getByTestId('pay-result').textContent).not.toContain('Pay success');
    expect(calls.filter((c) => c.path.startsWith('/api/v1/order'))).toEqual([]);
  });

  it('an order the server does not know (404) is not found, not a success', async () => {
    stubApi({ 'GET /api/v1/order/999': () => fail(404, 'Order not found') });
    renderPage(<PaySuccessPage />, '/pages/shop/paySuccess?order_id=999');
    await waitFor(() => expect(screen.getByTestId('pay-result').getAttribute('data-state')).toBe('notFound'));
    expect(screen.getByTestId('pay-result').textContent).not.toContain('Pay success');
  });

  it('an Unpaid order is not paid yet, with Continue payment opening its checkout', async () => {
    stubApi({
      'GET /api/v1/config': () => ok(CONFIG),
      'GET /api/v1/order/42': () =>
        ok(makeOrder({ status: 'Unpaid', quote_expires_at: new Date(Date.now() + 600_000).toISOString() })),
    });
    renderPage(<PaySuccessPage />, '/pages/shop/paySuccess?order_id=42');
    await waitFor(() => expect(screen.getByTestId('pay-result').getAttribute('data-state')).toBe('unpaid'));
    expect(screen.getByTestId('pay-result-title').textContent).toBe('Not paid yet');
    expect(screen.getByTestId('pay-result').textContent).not.toContain('Pay success');
    expect(screen.getByTestId('pay-result-step-paying').getAttribute('data-state')).toBe('todo');
    fireEvent.click(screen.getByTestId('pay-result-continue'));
    expect((await screen.findByTestId('quote-price')).textContent).toBe('100.00 USDT');
  });

  it('a Canceled order failed: says why and offers to buy again', async () => {
    stubApi({
      'GET /api/v1/order/42': () =>
        ok(makeOrder({ status: 'Canceled', reason: 'The quote expired before payment' })),
    });
    renderPage(<PaySuccessPage />, '/pages/shop/paySuccess?order_id=42');
    await waitFor(() => expect(screen.getByTestId('pay-result').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByTestId('pay-result-title').textContent).toBe('Payment did not go through');
    expect(screen.getByTestId('pay-result-reason').textContent).toContain('The quote expired before payment');
    expect(screen.getByTestId('pay-result-hint').textContent).toContain('buy again');
    expect(screen.getByTestId('pay-result-buy').textContent).toBe('Buy again');
    expect(screen.getByTestId('pay-result').textContent).not.toContain('Pay success');
  });

  it('a Canceled order that was paid on chain says to contact support', async () => {
    stubApi({
      'GET /api/v1/order/42': () =>
        ok(
          makeOrder({
            status: 'Canceled',
            tx_hash: `0x${'cd'.repeat(32)}`,
            reason: 'Canceled by an auditor',
          }),
        ),
    });
    renderPage(<PaySuccessPage />, '/pages/shop/paySuccess?order_id=42');
    await waitFor(() => expect(screen.getByTestId('pay-result').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByTestId('pay-result-hint').textContent).toContain('contact support');
  });
});
