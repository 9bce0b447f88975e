import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeOrder } from '@web/test/fixtures.ts';
import { CONFIG, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import AuditOrderPage from './AuditOrderPage.tsx';

const TX = `0x${'cd'.repeat(32)}`;
const list = (orders: unknown[]) =>
  ok({ list: orders, total: orders.length, page: 1, size: 20, has_more: false });

afterEach(cleanupPage);

describe('audit order page', () => {
  it('lists Verifying orders with their reason; Confirm needs a note and asks first', async () => {
    let order = makeOrder({ status: 'Verifying', tx_hash: TX, reason: 'amount mismatch' });
    const calls = stubApi({
      'GET /api/v1/admin/orders': () => list(order.status === 'Verifying' ? [order] : []),
      'GET /api/v1/config': () => ok(CONFIG),
      'POST /api/v1/admin/orders/42/confirm': () => {
        order = { ...order, status: 'Success' };
        return ok(order);
      },
    });
    renderPage(<AuditOrderPage />, '/pages/admin/auditOrder');
    const card = await screen.findByTestId('audit-order-42');
    expect(calls[0]?.query.get('status')).toBe('Verifying');
    expect(card.querySelector('[data-testid="audit-reason"]')?.textContent).toContain('amount mismatch');
    fireEvent.click(screen.getByTestId('audit-confirm'));
    expect(screen.getByTestId('audit-note-required').textContent).toBe('Please enter a note');
    const textarea = screen.getByTestId('audit-note').querySelector('textarea') as HTMLTextAreaElement;
    fireEvent.change(textarea, { target: { value: 'paid on chain, checked by hand' } });
    fireEvent.click(screen.getByTestId('audit-confirm'));
    expect(await screen.findByText(/Confirm order 42 as paid\?/)).toBeTruthy();
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(screen.queryByTestId('audit-order-42')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: 'paid on chain, checked by hand' });
  });

  it('Re-check needs no note; Unpaid orders without a payment can only be canceled', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/orders': (url) =>
        url.searchParams.get('status') === 'Unpaid'
          ? list([makeOrder({ order_id: '50' })])
          : list([makeOrder({ status: 'Verifying', tx_hash: TX })]),
      'GET /api/v1/config': () => ok(CONFIG),
      'POST /api/v1/admin/orders/42/recheck': () => ok(makeOrder({ status: 'Verifying', tx_hash: TX })),
    });
    renderPage(<AuditOrderPage />, '/pages/admin/auditOrder');
    fireEvent.click(await screen.findByTestId('audit-recheck'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/admin/orders/42/recheck')).toBe(true));
    fireEvent.click(screen.getByTestId('audit-tab-Unpaid'));
    const unpaid = await screen.findByTestId('audit-order-50');
    expect(unpaid.querySelector('[data-testid="audit-cancel"]')).toBeTruthy();
    expect(unpaid.querySelector('[data-testid="audit-confirm"]')).toBeNull();
    expect(unpaid.querySelector('[data-testid="audit-recheck"]')).toBeNull();
  });

  it('a Verifying order paid by another wallet (never reported) can be confirmed, not re-checked', async () => {
    stubApi({
      'GET /api/v1/admin/orders': () =>
        list([makeOrder({ status: 'Verifying', tx_hash: null, reason: 'other payer' })]),
      'GET /api/v1/config': () => ok(CONFIG),
    });
    renderPage(<AuditOrderPage />, '/pages/admin/auditOrder');
    const card = await screen.findByTestId('audit-order-42');
    expect(card.querySelector('[data-testid="audit-confirm"]')).toBeTruthy();
    expect(card.querySelector('[data-testid="audit-recheck"]')).toBeNull();
  });
});
