import { formatTime, shortAddress } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeOrder } from '@web/test/fixtures.ts';
import { CONFIG, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import OrderDetailPage from './OrderDetailPage.tsx';

const TX = `0x${'ab'.repeat(32)}`;
const field = (name: string) => screen.getByTestId(`order-detail-${name}`).textContent;

afterEach(cleanupPage);

describe('order detail page', () => {
  it('shows every field of the order, formatted, with the explorer link and the Verifying notice', async () => {
    const order = makeOrder({
      status: 'Verifying',
      pay_amount_usdt: '1234.5',
      service_fee_agc: '12.345678901234567891',
      agc_price_usdt: '0.48',
      total_amount_usdt: '1240.42',
      tx_hash: TX,
      pay_time: '2025-01-01T00:05:00Z',
      reason: 'waiting for confirmations',
    });
    stubApi({ 'GET /api/v1/order/42': () => ok(order), 'GET /api/v1/config': () => ok(CONFIG) });
    renderPage(<OrderDetailPage />, '/pages/shop/shopOrderDetail?order_id=42');
    await screen.findByTestId('order-detail');
    expectTexts('order-detail', {
      order_id: '42',
      product: 'Starter',
      status: 'Verifying',
      pay_amount_usdt: '1,234.50 USDT',
      service_fee_agc: '12.3456 AGC',
      agc_price_usdt: '0.48 USDTFixed price — not from the market',
      total_amount_usdt: '1,240.42 USDT',
      amount_received_usdt: '0.00 USDT',
      payment_method: 'USDT+AGC',
      transaction_id: '-',
      created_at: formatTime(order.created_at),
      pay_time: formatTime('2025-01-01T00:05:00Z'),
      collection_time: '-',
      reason: 'waiting for confirmations',
    });
    // The wallet: short on one line (never wrapped mid-string), the full address for screen readers, a copy button.
    const wallet = screen.getByTestId('order-wallet');
    expect(wallet.getAttribute('data-address')).toBe(order.wallet);
    expect(wallet.querySelector('[aria-hidden="true"]')?.textContent).toBe(shortAddress(order.wallet));
    expect(wallet.querySelector('.visually-hidden')?.textContent).toBe(order.wallet);
    expect(screen.getByTestId('order-wallet-copy').getAttribute('aria-label')).toBe('Copy the full address');
    await waitFor(() =>
      expect(screen.getByTestId('order-detail-tx_hash').querySelector('a')?.getAttribute('href')).toBe(
        `https://arbiscan.io/tx/${TX}`,
      ),
    );
    expect(screen.getByTestId('order-status-later').textContent).toBe(
      'Please try again later to check the status of your order.',
    );
    expect(screen.queryByTestId('order-cancel')).toBeNull();
    expect(screen.queryByTestId('order-continue')).toBeNull();
  });

  it('cancels an Unpaid order after confirmation', async () => {
    let current = makeOrder({ quote_expires_at: new Date(Date.now() + 60_000).toISOString() });
    const calls = stubApi({
      'GET /api/v1/order/42': () => ok(current),
      'GET /api/v1/config': () => ok(CONFIG),
      'POST /api/v1/order/cancel': () => {
        current = { ...current, status: 'Canceled', canceled_at: '2025-01-01T00:10:00Z' };
        return ok(current);
      },
    });
    renderPage(<OrderDetailPage />, '/pages/shop/shopOrderDetail?order_id=42');
    fireEvent.click(await screen.findByTestId('order-cancel'));
    const question = await screen.findByText('Cancel this order?');
    // Destructive: the dialog's confirm is red.
    expect(question.closest('.adm-modal-body')?.classList.contains('app-dialog--destructive')).toBe(true);
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(field('status')).toBe('Canceled'));
    expect(calls.find((c) => c.path === '/api/v1/order/cancel')?.body).toEqual({ order_id: '42' });
    expect(screen.queryByTestId('order-continue')).toBeNull();
  });

  it('Continue payment reloads the order and opens its checkout', async () => {
    const current = makeOrder({ quote_expires_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    const calls = stubApi({
      'GET /api/v1/order/42': () => ok(current),
      'GET /api/v1/config': () => ok(CONFIG),
    });
    renderPage(<OrderDetailPage />, '/pages/shop/shopOrderDetail?order_id=42');
    fireEvent.click(await screen.findByTestId('order-continue'));
    expect((await screen.findByTestId('quote-fee')).textContent).toBe('5.00 AGC');
    expect(screen.getByTestId('quote-countdown').textContent).toMatch(/^(10:00|09:59)$/);
    expect(calls.filter((c) => c.path === '/api/v1/order/42')).toHaveLength(2);
  });
});
