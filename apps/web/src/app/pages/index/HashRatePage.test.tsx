import { formatTime, type Me, type Order } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeMe, makeOrder } from '@web/test/fixtures.ts';
import { layOutElements } from '@web/test/layout.ts';
import { CONTRACTS, type Fake, fake } from '@web/test/payment-fakes.ts';
import { type ApiHandler, type ApiReply, CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectLoadFailed } from '@web/test/texts.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HashRatePage from './HashRatePage.tsx';

// The page runs the shop's real payment flow; only its wallet, chain and step endpoints are fakes.
const payment = vi.hoisted(() => ({ current: null as Fake | null }));
vi.mock('@web/features/shop/payment/deps.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@web/features/shop/payment/deps.ts')>();
  return {
    ...actual,
    createPaymentDeps: () => {
      if (!payment.current) throw new Error('no fake payment deps');
      return payment.current.deps;
    },
  };
});

const pageOf = (list: Order[], page = 1, hasMore = false) =>
  ok({ list, total: list.length, page, size: 10, has_more: hasMore });

/** GET order/all answered by status (success: the investments, unpaid: waiting for payment). */
const ordersBy =
  (replies: { success?: () => ApiReply; unpaid?: () => ApiReply }): ApiHandler =>
  (url) => {
    const status = url.searchParams.get('status');
    const reply = status === 'Success' ? replies.success : status === 'Unpaid' ? replies.unpaid : undefined;
    return reply?.() ?? pageOf([]);
  };

function stubPage(
  options: { me?: Partial<Me>; orders?: ApiHandler; extra?: Record<string, ApiHandler> } = {},
) {
  return stubApi({
    'GET /api/v1/me': () => ok(makeMe({ investment_sum: '1234.5', dividend_rate: '0.6', ...options.me })),
    'GET /api/v1/config': () => ok(CONFIG),
    'GET /api/v1/order/all': options.orders ?? (() => pageOf([])),
    ...options.extra,
  });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const inside = (item: HTMLElement, testId: string) =>
  item.querySelector(`[data-testid="${testId}"]`)?.textContent;

beforeEach(() => useAuthStore.getState().setToken('jwt'));
afterEach(async () => {
  payment.current = null;
  await cleanupPage();
});

describe('hash-rate page', () => {
  it('sums up the investment, the daily rate and the exact estimated daily yield', async () => {
    stubPage();
    renderPage(<HashRatePage />, '/pages/index/hashRate');
    await screen.findByTestId('hashrate-daily');
    expect(text('hashrate-total')).toBe('1,234.50 USDT');
    expect(text('hashrate-rate')).toBe('0.6%');
    // 1234.5 × 0.6 / 100 = 7.407 exactly (as floats: 7.406999999999999)
    expect(text('hashrate-daily')).toBe('7.407 USDT');
  });

  it('rounds the daily yield down to 6 decimals', async () => {
    stubPage({ me: { investment_sum: '333.333333', dividend_rate: '0.99' } });
    renderPage(<HashRatePage />, '/pages/index/hashRate');
    // 3.29999999670 → 3.299999 (never rounded up to 3.30)
    expect((await screen.findByTestId('hashrate-daily')).textContent).toBe('3.299999 USDT');
  });

  it('lists the confirmed orders with amount, confirmation time and daily yield', async () => {
    const confirmed = [
      makeOrder({
        order_id: '7',
        status: 'Success',
        product: { id: 2, name: 'Miner S' },
        pay_amount_usdt: '1500',
        collection_time: '2025-01-02T08:30:00Z',
      }),
      makeOrder({ order_id: '8', status: 'Success', pay_amount_usdt: '333.333333', collection_time: null }),
    ];
    const calls = stubPage({ orders: ordersBy({ success: () => pageOf(confirmed) }) });
    const { router } = renderPage(<HashRatePage />, '/pages/index/hashRate');
    const item = await screen.findByTestId('hashrate-item-7');
    expect(item.textContent).toContain('Miner S');
    expect(inside(item, 'hashrate-item-amount')).toBe('1,500.00 USDT');
    expect(inside(item, 'hashrate-item-time')).toBe(formatTime('2025-01-02T08:30:00Z'));
    await waitFor(() => expect(text('hashrate-item-daily-7')).toBe('9.00 USDT'));
    expect(text('hashrate-item-daily-8')).toBe('1.999999 USDT');
    expect(inside(screen.getByTestId('hashrate-item-8'), 'hashrate-item-time')).toBe('-');
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');
    expect(screen.queryByTestId('hashrate-unpaid')).toBeNull();
    const statuses = calls.filter((c) => c.path === '/api/v1/order/all').map((c) => c.query.get('status'));
    expect(statuses.sort()).toEqual(['Success', 'Unpaid']);
    fireEvent.click(item);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/pages/shop/shopOrderDetail?order_id=7',
      ),
    );
  });

  it('loads the next page of investments while the server has more', async () => {
    const calls = stubPage({
      orders: (url) => {
        if (url.searchParams.get('status') !== 'Success') return pageOf([]);
        const page = Number(url.searchParams.get('page'));
        const id = page === 1 ? '9' : '8';
        return pageOf([makeOrder({ order_id: id, status: 'Success' })], page, page === 1);
      },
    });
    // The test DOM lays nothing out: give the list's end an offset parent so the scroll edge is "reached"
    const laidOut = layOutElements();
    renderPage(<HashRatePage />, '/pages/index/hashRate');
    await screen.findByTestId('hashrate-item-9');
    expect(await screen.findByTestId('hashrate-item-8')).toBeTruthy();
    laidOut.mockRestore();
    expect(await screen.findByTestId('list-no-more')).toBeTruthy();
    expect(calls.filter((c) => c.query.get('status') === 'Success').map((c) => c.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('shows No Data Available without investments', async () => {
    stubPage();
    renderPage(<HashRatePage />, '/pages/index/hashRate');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Data Available');
    expect(screen.getByTestId('hashrate-summary')).toBeTruthy();
    expect(screen.queryByTestId('hashrate-unpaid')).toBeNull();
  });

  it('shows Load Failed with a retry when the investments cannot be loaded', async () => {
    let failing = true;
    stubPage({
      orders: ordersBy({
        success: () =>
          failing
            ? fail(503, 'Orders unavailable')
            : pageOf([makeOrder({ order_id: '7', status: 'Success' })]),
      }),
    });
    renderPage(<HashRatePage />, '/pages/index/hashRate');
    await expectLoadFailed('list-error', 'Orders unavailable');
    failing = false;
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findByTestId('hashrate-item-7')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
  });

  it('pays an order waiting for payment with the shop payment steps, then opens Pay success', async () => {
    const unpaid = makeOrder({
      order_id: '42',
      product: { id: 3, name: 'Miner M' },
      quote_expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    const f = fake();
    f.clock.now = Date.now();
    payment.current = f;
    const calls = stubPage({
      orders: ordersBy({ unpaid: () => pageOf([unpaid]) }),
      extra: { 'GET /api/v1/order/42': () => ok(unpaid) },
    });
    const { router } = renderPage(<HashRatePage />, '/pages/index/hashRate');
    const row = await screen.findByTestId('hashrate-unpaid-42');
    expect(row.textContent).toContain('Miner M');
    expect(row.textContent).toContain('100.00 USDT');
    expect(screen.getByTestId('hashrate-unpaid').textContent).toContain('Waiting for payment');

    fireEvent.click(screen.getByTestId('hashrate-pay-42'));
    // the order is read again before its checkout opens
    expect((await screen.findByTestId('quote-price')).textContent).toBe('100.00 USDT');
    expect(calls.filter((c) => c.path === '/api/v1/order/42')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('order-confirm').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('order-confirm'));

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/pages/shop/paySuccess?order_id=42',
      ),
    );
    // each step's transaction as the server built it, sent and waited for, then the report
    expect(f.log.filter((l) => /^(fetch|send|receipt|report):/.test(l))).toEqual([
      'fetch:authAmc:42',
      `send:${CONTRACTS.token}`,
      expect.stringMatching(/^receipt:0x/),
      'fetch:authUsd:42',
      `send:${CONTRACTS.usdt}`,
      expect.stringMatching(/^receipt:0x/),
      'fetch:paying:42',
      `send:${CONTRACTS.transfer}`,
      expect.stringMatching(/^receipt:0x/),
      expect.stringMatching(/^report:42:0x/),
    ]);
  });

  it('does not open the checkout of an order that is no longer Unpaid', async () => {
    const listed = makeOrder({
      order_id: '43',
      quote_expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const calls = stubPage({
      orders: ordersBy({ unpaid: () => pageOf([listed]) }),
      extra: { 'GET /api/v1/order/43': () => ok({ ...listed, status: 'Canceled' }) },
    });
    renderPage(<HashRatePage />, '/pages/index/hashRate');
    fireEvent.click(await screen.findByTestId('hashrate-pay-43'));
    await waitFor(() =>
      expect(calls.filter((c) => c.query.get('status') === 'Unpaid').length).toBeGreaterThan(1),
    );
    expect(screen.queryByTestId('checkout')).toBeNull();
  });
});
