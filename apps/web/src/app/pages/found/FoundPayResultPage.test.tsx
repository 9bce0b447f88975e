import { screen, waitFor } from '@testing-library/react';
import { makeFundOrder } from '@web/features/fund-account/testing/fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import FoundPayResultPage from './FoundPayResultPage.tsx';

const PATH = '/pages/found/payResult?id=11';

afterEach(cleanupPage);

const processing = makeFundOrder({
  status: 'Processing',
  amount_usdt: '200',
  fee_usdt: '1',
  unit_nav: null,
  units: '0',
  units_held: '0',
  value_usdt: '0',
  nav_day: '2026-11-28',
  lock_ends_at: null,
});

describe('fund pay result', () => {
  it('says the payment was received and the NAV day units are assigned at, with no empty rows', async () => {
    stubApi({ 'GET /api/v1/funds/orders/11': () => ok(processing) });
    renderPage(<FoundPayResultPage />, PATH);
    const result = await screen.findByTestId('fund-pay-result');
    expect(result.getAttribute('data-state')).toBe('received');
    expect(screen.getByTestId('fund-pay-result-title').textContent).toBe('Payment received');
    expect(screen.getByTestId('fund-pay-result-text').textContent).toBe(
      'Payment received — units are assigned at the NAV of 2026‑11‑28. Until then your holdings count it as in progress.',
    );
    expect(screen.getByTestId('fund-pay-result-amount').textContent).toBe('200.00 USDT');
    expect(screen.getByTestId('fund-pay-result-fee').textContent).toBe('1.00 USDT');
    expect(screen.queryByTestId('fund-pay-result-units')).toBeNull();
    // No "-" placeholders: only what is true of a payment received.
    expect(result.textContent).not.toMatch(/(^|\s)-(\s|$)/);
    expect(screen.getByTestId('fund-pay-result-holdings').textContent).toBe('My holdings');
    expect(screen.getByTestId('fund-pay-result-order').textContent).toBe('View the order');
  });

  it('follows a payment sent until the chain confirms it', async () => {
    let status: 'Paid' | 'Processing' = 'Paid';
    stubApi({
      'GET /api/v1/funds/orders/11': () =>
        ok({ ...processing, status, nav_day: status === 'Paid' ? null : '2026-11-28' }),
    });
    renderPage(<FoundPayResultPage />, PATH);
    expect((await screen.findByTestId('fund-pay-result-title')).textContent).toBe(
      'Payment sent — waiting for the chain',
    );
    status = 'Processing';
    await waitFor(
      () => expect(screen.getByTestId('fund-pay-result-title').textContent).toBe('Payment received'),
      { timeout: 8_000 },
    );
  }, 15_000);

  it('once priced, says the units and the NAV', async () => {
    stubApi({ 'GET /api/v1/funds/orders/11': () => ok(makeFundOrder({ units: '990', unit_nav: '1.0101' })) });
    renderPage(<FoundPayResultPage />, PATH);
    expect((await screen.findByTestId('fund-pay-result-text')).textContent).toBe(
      '990.00 units at a NAV of 1.0101.',
    );
    expect(screen.getByTestId('fund-pay-result-units').textContent).toBe('990.00');
  });

  it('unpaid offers to continue the payment', async () => {
    stubApi({
      'GET /api/v1/funds/orders/12': () =>
        ok(makeFundOrder({ order_id: '12', status: 'UnPaid', unit_nav: null })),
    });
    renderPage(<FoundPayResultPage />, '/pages/found/payResult?id=12');
    expect((await screen.findByTestId('fund-pay-result-title')).textContent).toBe('Not paid yet');
    expect(screen.getByTestId('fund-pay-result-continue')).toBeTruthy();
  });

  it('an unknown order is not found', async () => {
    stubApi({ 'GET /api/v1/funds/orders/13': () => fail(404, 'Order not found') });
    renderPage(<FoundPayResultPage />, '/pages/found/payResult?id=13');
    expect(await screen.findByTestId('fund-pay-not-found')).toBeTruthy();
  });
});
