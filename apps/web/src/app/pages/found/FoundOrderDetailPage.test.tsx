import { formatTime } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  makeFundOrder,
  makeFundProduct,
  makeRedemption,
} from '@web/features/fund-account/testing/fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import FoundOrderDetailPage from './FoundOrderDetailPage.tsx';

const PATH = '/pages/found/orderDetail?id=11';

afterEach(cleanupPage);

function server(order = makeFundOrder(), extra: Record<string, ApiHandler> = {}) {
  return stubApi({
    'GET /api/v1/funds/orders/11': () => ok(order),
    'GET /api/v1/funds/products/3': () => ok(makeFundProduct()),
    ...extra,
  });
}

const openSheet = async () => {
  fireEvent.click(await screen.findByTestId('fund-order-redeem'));
  return (await screen.findByTestId('fund-redeem-units')) as HTMLInputElement;
};

describe('fund order detail', () => {
  it('shows every field of the spec’s fund order', async () => {
    server(
      makeFundOrder({
        redeem_date: '2025-03-01T08:00:00.000Z',
        audit_date: '2025-03-02T09:00:00.000Z',
        arrival_date: '2025-03-03T10:00:00.000Z',
        realized_revenue_usdt: '1.25',
      }),
    );
    renderPage(<FoundOrderDetailPage />, PATH);
    await screen.findByTestId('fund-order-detail');
    const field = (f: string) => screen.getByTestId(`fund-order-detail-${f}`).textContent;
    expect(field('product')).toContain('Steady Income');
    expectTexts('fund-order-detail', {
      order_id: '11',
      status: 'Subscribed',
      amount_usdt: '1,000.00 USDT',
      fee_usdt: '10.00 USDT',
      units: '990.00',
      unit_nav: '1.0000',
      current_nav: '1.0500',
      value_usdt: '1,039.50 USDT',
      estimated_revenue_usdt: '39.50 USDT',
      realized_revenue_usdt: '1.25 USDT',
      lock_days: '30 days',
      lock_ends_at: formatTime('2025-02-01T00:00:00.000Z'),
      created_at: formatTime('2025-01-01T00:00:00.000Z'),
      redeem_date: formatTime('2025-03-01T08:00:00.000Z'),
      audit_date: formatTime('2025-03-02T09:00:00.000Z'),
      arrival_date: formatTime('2025-03-03T10:00:00.000Z'),
    });
    expect(screen.getByText('Unit net value')).toBeTruthy();
    expect(screen.getByText('Current net value')).toBeTruthy();
  });

  it('Processing says the NAV day it is priced at, shows no units, value or times yet (no row, not a dash); no Redeem', async () => {
    server(
      makeFundOrder({
        status: 'Processing',
        units: '0',
        units_held: '0',
        value_usdt: '0',
        cost_usdt: '0',
        unit_nav: null,
        can_redeem: false,
        lock_ends_at: null,
        subscribed_at: null,
        redeem_date: null,
        audit_date: null,
        arrival_date: null,
        nav_day: '2025-03-11',
      }),
    );
    renderPage(<FoundOrderDetailPage />, PATH);
    expect((await screen.findByTestId('fund-order-priced-at')).textContent).toBe(
      'Priced at the NAV of 2025-03-11',
    );
    for (const field of [
      'units',
      'units_held',
      'value_usdt',
      'cost_usdt',
      'estimated_revenue_usdt',
      'unit_nav',
      'lock_ends_at',
      'subscribed_at',
      'redeem_date',
      'audit_date',
      'arrival_date',
    ])
      expect(screen.queryByTestId(`fund-order-detail-${field}`), field).toBeNull();
    // Not one "-" row: each row says something true of a payment waiting for its NAV.
    const values = [...screen.getByTestId('fund-order-detail').querySelectorAll('dd')].map(
      (d) => d.textContent,
    );
    expect(values).not.toContain('-');
    expect(screen.getByTestId('fund-order-detail-amount_usdt').textContent).toBe('1,000.00 USDT');
    expect(screen.queryByTestId('fund-order-redeem')).toBeNull();
  });

  it('UnPaid: Continue payment opens the product’s purchase with the order; Cancel asks (red) then posts', async () => {
    const calls = server(
      makeFundOrder({ status: 'UnPaid', unit_nav: null, can_redeem: false, lock_ends_at: null }),
      {
        'POST /api/v1/funds/orders/cancel': () =>
          ok(makeFundOrder({ status: 'Cancelled', can_redeem: false })),
      },
    );
    const { router } = renderPage(<FoundOrderDetailPage />, PATH);
    fireEvent.click(await screen.findByTestId('fund-order-cancel'));
    await screen.findByText('Cancel this fund order? It has not been paid; nothing is charged.');
    expect(document.querySelector('.app-dialog--destructive')).toBeTruthy();
    fireEvent.click(screen.getByText('OK'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ order_id: '11' }));
    fireEvent.click(screen.getByTestId('fund-order-continue'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/pages/found/detail?id=3&order=11',
      ),
    );
  });

  it('before lock end Redeem is disabled and says from when', async () => {
    server(makeFundOrder({ can_redeem: false, lock_ends_at: '2999-01-01T00:00:00.000Z' }));
    renderPage(<FoundOrderDetailPage />, PATH);
    const button = (await screen.findByTestId('fund-order-redeem')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('fund-order-locked').textContent).toBe(
      `Redeemable from ${formatTime('2999-01-01T00:00:00.000Z')}`,
    );
  });

  it('the redemption sheet refuses empty, bad text, zero, too many decimals and more than held; posts nothing', async () => {
    const calls = server();
    renderPage(<FoundOrderDetailPage />, PATH);
    const input = await openSheet();
    const submit = () => fireEvent.click(screen.getByTestId('fund-redeem-submit'));
    const error = () => screen.getByTestId('fund-redeem-error').textContent;
    submit();
    expect(error()).toBe('Please enter the units to redeem');
    for (const [text, message] of [
      ['abc', 'Please enter the units as a number, e.g. 12.5'],
      ['0', 'The units must be greater than 0'],
      ['1.1234567', 'Units have at most 6 decimal places'],
      ['990.000001', 'You cannot redeem more units than you hold'],
    ] as const) {
      fireEvent.change(input, { target: { value: text } });
      submit();
      expect(error(), text).toBe(message);
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('Max fills the units held; the estimate is the latest NAV minus the fee, priced at the next NAV day; confirm posts', async () => {
    const calls = server(makeFundOrder(), {
      'POST /api/v1/funds/redemptions': () => ok(makeRedemption({ units: '990' })),
    });
    renderPage(<FoundOrderDetailPage />, PATH);
    const input = await openSheet();
    fireEvent.click(screen.getByTestId('fund-redeem-max'));
    expect(input.value).toBe('990');
    // 990 × 1.05 = 1039.5; fee 0.5 % = 5.1975 → 5.1975 (6 decimals, rounded up)
    await waitFor(() => expect(screen.getByTestId('fund-redeem-gross').textContent).toBe('1,039.50 USDT'));
    expect(screen.getByTestId('fund-redeem-fee').textContent).toBe('5.1975 USDT');
    expect(screen.getByTestId('fund-redeem-amount').textContent).toBe('1,034.3025 USDT');
    expect(screen.getByTestId('fund-redeem-nav-day').textContent).toBe(
      'An estimate: the redemption is priced at the NAV of 2025-03-10.',
    );
    fireEvent.click(screen.getByTestId('fund-redeem-submit'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ order_id: '11', units: '990' }),
    );
    expect(await screen.findByText('Redemption requested')).toBeTruthy();
  });

  it('says where a request made now would stand in the queue; without the answer, nothing', async () => {
    const calls = server(makeFundOrder(), {
      'GET /api/v1/funds/redemptions/queue': () =>
        ok({ product_id: 3, ahead: 2, place: 3, nav_day: '2025-03-10' }),
    });
    renderPage(<FoundOrderDetailPage />, PATH);
    await openSheet();
    expect((await screen.findByTestId('fund-redeem-queue')).textContent).toBe(
      'If you ask now: No. 3 in the queue.',
    );
    expect(calls.find((c) => c.path === '/api/v1/funds/redemptions/queue')?.query.get('product_id')).toBe(
      '3',
    );
    await cleanupPage();
    server(makeFundOrder(), { 'GET /api/v1/funds/redemptions/queue': () => fail(500, 'Internal error') });
    renderPage(<FoundOrderDetailPage />, PATH);
    const input = await openSheet();
    fireEvent.change(input, { target: { value: '10' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('fund-redeem-queue')).toBeNull();
    expect(screen.getByTestId('fund-redeem-submit')).toBeTruthy();
  });

  it('shows the server’s refusal in the sheet, once', async () => {
    server(makeFundOrder(), {
      'POST /api/v1/funds/redemptions': () => fail(400, 'The lock period has not ended'),
    });
    renderPage(<FoundOrderDetailPage />, PATH);
    const input = await openSheet();
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('fund-redeem-submit'));
    fireEvent.click(await screen.findByText('OK'));
    expect((await screen.findByTestId('fund-redeem-error')).textContent).toBe(
      'The lock period has not ended',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText('The lock period has not ended')).toHaveLength(1);
  });

  it('lists redemptions with number, units, amount, receiving account, status, queue place and NAV day; Pending cancels', async () => {
    const calls = server(
      makeFundOrder({
        status: 'Redemption',
        units_held: '790',
        units_redeeming: '100',
        redemptions: [
          makeRedemption(),
          makeRedemption({
            redemption_id: '20',
            status: 'Completed',
            units: '100',
            nav: '1.04',
            gross_usdt: '104',
            fee_usdt: '0.52',
            amount_usdt: '103.48',
            queue_place: null,
            nav_day: null,
            completed_at: '2025-03-05T00:00:00.000Z',
          }),
        ],
      }),
      { 'POST /api/v1/funds/redemptions/cancel': () => ok(makeRedemption({ status: 'Cancelled' })) },
    );
    renderPage(<FoundOrderDetailPage />, PATH);
    const pending = await screen.findByTestId('fund-redemption-21');
    expectTexts(
      'fund-redemption',
      {
        redemption_id: '21',
        units: '100.00',
        amount_usdt: '-',
        receiving_account: 'Available balance',
        status: 'Pending',
        queue: 'No. 2 in the queue · priced at the NAV of 2025-03-11',
      },
      pending,
    );
    const done = screen.getByTestId('fund-redemption-20');
    expectTexts('fund-redemption', { amount_usdt: '103.48 USDT', status: 'Completed' }, done);
    expect(done.querySelector('[data-testid="fund-redemption-queue"]')).toBeNull();
    expect(done.querySelector('[data-testid="fund-redemption-cancel"]')).toBeNull();

    fireEvent.click(pending.querySelector('[data-testid="fund-redemption-cancel"]') as HTMLElement);
    await screen.findByText('Cancel the redemption of 100.00 units? The units are held again.');
    fireEvent.click(screen.getByText('OK'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/v1/funds/redemptions/cancel')?.body).toEqual({
        redemption_id: '21',
      }),
    );
  });

  it('an unknown order says not found', async () => {
    stubApi({ 'GET /api/v1/funds/orders/11': () => fail(404, 'Fund order not found') });
    renderPage(<FoundOrderDetailPage />, PATH);
    expect(await screen.findByTestId('fund-order-not-found')).toBeTruthy();
  });
});
