import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeFundOrder, pageOf } from '@web/features/fund-account/testing/fixtures.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { callsTo, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import FoundMyPage from './FoundMyPage.tsx';

const PATH = '/pages/found/my';
const SUMMARY = {
  value_usdt: '1039.5',
  cost_usdt: '1000',
  estimated_revenue_usdt: '39.5',
  realized_revenue_usdt: '-2.25',
  processing_count: 1,
  in_progress_usdt: '200',
  holding_count: 2,
};

afterEach(cleanupPage);

describe('found my (holdings)', () => {
  it('shows the summary and each order: product and risk, status, units, value, revenue, lock end; No More Data', async () => {
    stubApi({
      'GET /api/v1/funds/summary': () => ok(SUMMARY),
      'GET /api/v1/funds/orders': () =>
        ok(
          pageOf([
            makeFundOrder(),
            makeFundOrder({
              order_id: '10',
              status: 'Redemption',
              units_held: '890',
              units_redeeming: '100',
            }),
            makeFundOrder({
              order_id: '12',
              status: 'Processing',
              unit_nav: null,
              units: '0',
              units_held: '0',
              value_usdt: '0',
              estimated_revenue_usdt: '0',
              lock_ends_at: null,
              nav_day: '2025-03-11',
              amount_usdt: '500',
            }),
          ]),
        ),
    });
    renderPage(<FoundMyPage />, PATH);
    const item = await screen.findByTestId('fund-order-11');
    const text = (id: string, root: HTMLElement = item) =>
      root.querySelector(`[data-testid="${id}"]`)?.textContent;
    expect(item.textContent).toContain('Steady Income');
    expect(item.querySelector('[data-risk="Low"]')?.textContent).toBe('Low');
    expect(text('fund-order-status')).toBe('Subscribed');
    expect(text('fund-order-units')).toBe('990.00');
    expect(text('fund-order-value')).toBe('1,039.50 USDT');
    expect(text('fund-order-revenue')).toBe('39.50 USDT');
    expect(text('fund-order-lock-end')).not.toBe('-');
    expect(item.querySelector('[data-testid="fund-order-units-redeeming"]')).toBeNull();
    expect(text('fund-order-units-redeeming', screen.getByTestId('fund-order-10'))).toBe('100.00');
    expect(text('fund-order-status', screen.getByTestId('fund-order-10'))).toBe('Redeeming');
    const processing = screen.getByTestId('fund-order-12');
    expect(text('fund-order-status', processing)).toBe('Processing');
    expect(text('fund-order-amount', processing)).toBe('500.00 USDT');
    expect(text('fund-order-nav-day', processing)).toBe('Priced at the NAV of 2025-03-11');
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');

    await screen.findByTestId('fund-summary-value');
    expectTexts('fund-summary', {
      value: '1,039.50 USDT',
      cost: '1,000.00 USDT',
      estimated: '39.50 USDT',
      realized: '-2.25 USDT',
      counts: '2 held · 1 in progress',
      // What was paid and waits for its NAV is counted as in progress, not a holding of 0.00.
      'in-progress': '200.00 USDT',
    });
    // The found-tab key of the spec: 1 = my.
    expect(useWalletStore.getState().foundTab).toBe(1);
    expect(screen.getByTestId('found-tab-holdings').getAttribute('aria-selected')).toBe('true');
  });

  it('filters by each of the 7 states with scrollable tabs, opens a detail, links the bills', async () => {
    const calls = stubApi({
      'GET /api/v1/funds/summary': () => ok(SUMMARY),
      'GET /api/v1/funds/orders': () => ok(pageOf([makeFundOrder()])),
    });
    const { router } = renderPage(<FoundMyPage />, PATH);
    await screen.findByTestId('fund-order-11');
    const tabs = ['UnPaid', 'Paid', 'Processing', 'Subscription', 'Redemption', 'Redeemed', 'Cancelled'];
    for (const key of tabs) expect(screen.getByTestId(`fund-order-tab-${key}`)).toBeTruthy();
    expect(screen.getByTestId('fund-order-tab-all').textContent).toBe('All');
    fireEvent.click(screen.getByTestId('fund-order-tab-Redemption'));
    await waitFor(() =>
      expect(callsTo(calls, '/api/v1/funds/orders').at(-1)?.query.get('status')).toBe('Redemption'),
    );
    fireEvent.click(await screen.findByTestId('fund-order-11'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/pages/found/orderDetail?id=11',
      ),
    );
  });

  it('empty list says No Data; a failed list says Load Failed inline; the summary its own error', async () => {
    stubApi({
      'GET /api/v1/funds/summary': () => fail(500, 'Summary down'),
      'GET /api/v1/funds/orders': () => ok(pageOf([])),
    });
    renderPage(<FoundMyPage />, PATH);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Data Available');
    expect((await screen.findByTestId('fund-summary-error')).textContent).toContain('Summary down');
  });

  it('a failed order list shows Load Failed with a retry', async () => {
    stubApi({
      'GET /api/v1/funds/summary': () => ok(SUMMARY),
      'GET /api/v1/funds/orders': () => fail(500, 'Orders down'),
    });
    renderPage(<FoundMyPage />, PATH);
    const error = await screen.findByTestId('list-error');
    expect(error.textContent).toContain('Load Failed');
    expect(error.textContent).toContain('Orders down');
  });
});
