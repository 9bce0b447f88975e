import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fundOrder, product, quote } from '@web/features/funds/test/fund-fixtures.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { type ApiHandler, CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import FoundDetailPage from './FoundDetailPage.tsx';

afterEach(cleanupPage);

const NAVS = [
  { day: '2026-11-21', nav: '1.01' },
  { day: '2026-11-22', nav: '1.015' },
  { day: '2026-11-23', nav: '1.02345678' },
];

function routes(over: Record<string, ApiHandler> = {}): Record<string, ApiHandler> {
  return {
    'GET /api/v1/config': () => ok(CONFIG),
    'GET /api/v1/funds/products/7': () => ok(product()),
    'GET /api/v1/funds/products/7/nav': () => ok({ product_id: 7, list: NAVS }),
    'GET /api/v1/funds/products/7/quote': (url) => ok(quote(url.searchParams.get('amount') ?? '')),
    ...over,
  };
}

const url = (query: Record<string, string | number>) => withQuery(paths.fundProductDetail, query);
const apiWrites = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'POST');

async function openSheet() {
  fireEvent.click(await screen.findByTestId('fund-subscribe'));
  return screen.findByTestId('fund-sheet');
}

const typeAmount = (value: string) =>
  fireEvent.change(screen.getByTestId('fund-amount'), { target: { value } });
const message = () => screen.getByTestId('fund-amount-message').textContent;
const confirmDisabled = () => screen.getByTestId('fund-confirm').hasAttribute('disabled');

describe('fund detail', () => {
  it('shows the description, every figure, the forward-pricing rule with the next NAV day, and the NAV chart', async () => {
    const calls = stubApi(routes());
    renderPage(<FoundDetailPage />, url({ id: 7 }));
    expect((await screen.findByTestId('fund-detail-name')).textContent).toBe('Steady Income');
    const text = (id: string) => screen.getByTestId(id).textContent;
    expect(text('fund-detail-risk')).toBe('Low');
    expect(text('fund-detail-yield')).toBe('6.2%');
    expect(text('fund-detail-description')).toBe('Short-term USDT notes.');
    expect(text('fund-detail-nav')).toBe('1.02345678 (2026-11-23)');
    expect(text('fund-detail-minimum')).toBe('100.00 USDT');
    expect(text('fund-detail-lock')).toBe('30 days');
    expect(text('fund-detail-subscriptionFee')).toBe('1.5%');
    expect(text('fund-detail-redemptionFee')).toBe('0.5%');
    expect(text('fund-detail-distribution')).toBe('4%');
    expect(text('fund-detail-nextNavDay')).toBe('2026-11-24');
    expect(text('fund-detail-forward')).toBe(
      'Priced at the NAV of 2026-11-24; units = (amount − fee) / NAV, rounded down.',
    );
    // the chart: titled, accessible, every NAV in the hidden table
    const svg = await screen.findByTestId('fund-nav-svg');
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.querySelector('title')?.textContent).toBe('NAV, last 30 days');
    const rows = within(screen.getByTestId('fund-nav-table')).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      '2026-11-211.0100',
      '2026-11-221.0150',
      '2026-11-231.02345678',
    ]);
    expect(text('fund-nav-change')).toBe('+1.33%');
    expect(calls.find((c) => c.path.endsWith('/nav'))?.query.get('days')).toBe('30');
    fireEvent.click(screen.getByTestId('fund-nav-span-90'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/nav')).map((c) => c.query.get('days'))).toEqual([
        '30',
        '90',
      ]),
    );
  });

  it('says so for an unknown fund or an id that is no id', async () => {
    stubApi(routes({ 'GET /api/v1/funds/products/7': () => fail(404, 'Fund not found') }));
    renderPage(<FoundDetailPage />, url({ id: 7 }));
    expect((await screen.findByTestId('fund-detail-not-found')).textContent).toContain(
      'This fund was not found.',
    );
    await cleanupPage();
    const calls = stubApi(routes());
    renderPage(<FoundDetailPage />, url({ id: 'abc' }));
    expect(screen.getByTestId('fund-detail-not-found')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/v1/funds'))).toEqual([]);
  });

  it('purchase sheet: starts at the minimum, quotes it, names the configured network and steps by one minimum', async () => {
    const calls = stubApi(routes());
    renderPage(<FoundDetailPage />, url({ id: 7 }));
    await openSheet();
    expect((screen.getByTestId('fund-amount') as HTMLInputElement).value).toBe('100');
    await waitFor(() => expect(screen.getByTestId('fund-quote-fee').textContent).toBe('4.50 USDT'));
    expect(screen.getByTestId('fund-quote-net').textContent).toBe('295.50 USDT');
    expect(screen.getByTestId('fund-quote-units').textContent).toBe('288.727272');
    expect(screen.getByTestId('fund-quote-nav-day').textContent).toBe('2026-11-24');
    expect(screen.getByTestId('fund-network').textContent).toBe('Network: Arbitrum');
    fireEvent.click(screen.getByTestId('fund-amount-plus'));
    fireEvent.click(screen.getByTestId('fund-amount-plus'));
    expect((screen.getByTestId('fund-amount') as HTMLInputElement).value).toBe('300');
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/quote')).map((c) => c.query.get('amount'))).toContain(
        '300',
      ),
    );
    fireEvent.click(screen.getByTestId('fund-amount-minus'));
    expect((screen.getByTestId('fund-amount') as HTMLInputElement).value).toBe('200');
  });

  it('purchase sheet: below the minimum, not a multiple or not an amount is refused with its message, asking nothing', async () => {
    const calls = stubApi(routes());
    renderPage(<FoundDetailPage />, url({ id: 7 }));
    await openSheet();
    const quotes = () => calls.filter((c) => c.path.endsWith('/quote')).length;
    await waitFor(() => expect(quotes()).toBe(1));
    expect(message()).toBe('Whole multiples of 100.00 USDT');

    typeAmount('50');
    expect(message()).toBe('Minimum 100.00 USDT and a whole-number multiple');
    expect(confirmDisabled()).toBe(true);
    expect(screen.getByTestId('fund-amount').getAttribute('aria-invalid')).toBe('true');

    typeAmount('150');
    expect(message()).toBe('Minimum 100.00 USDT and a whole-number multiple');
    expect(confirmDisabled()).toBe(true);

    typeAmount('12abc');
    expect(message()).toBe('Please enter a valid amount');
    expect(confirmDisabled()).toBe(true);

    typeAmount('');
    expect(message()).toBe('Whole multiples of 100.00 USDT');
    expect(confirmDisabled()).toBe(true);
    expect(quotes()).toBe(1);
    expect(apiWrites(calls)).toEqual([]);
  });

  it('purchase sheet: Cancel before confirming closes it without any request', async () => {
    const calls = stubApi(routes());
    renderPage(<FoundDetailPage />, url({ id: 7 }));
    await openSheet();
    fireEvent.click(screen.getByTestId('fund-sheet-close'));
    await waitFor(() => expect(screen.queryByTestId('fund-sheet')).toBeNull());
    expect(apiWrites(calls)).toEqual([]);
  });

  it('a server refusal of the order is shown once, under the button', async () => {
    stubApi(
      routes({
        'POST /api/v1/funds/orders': () =>
          fail(400, 'Minimum 100.00 USDT and a whole-number multiple (server)'),
      }),
    );
    renderPage(<FoundDetailPage />, url({ id: 7 }));
    await openSheet();
    await waitFor(() => expect(confirmDisabled()).toBe(false));
    fireEvent.click(screen.getByTestId('fund-confirm'));
    expect((await screen.findByTestId('fund-create-error')).textContent).toBe(
      'Minimum 100.00 USDT and a whole-number multiple (server)',
    );
    expect(screen.getAllByText('Minimum 100.00 USDT and a whole-number multiple (server)')).toHaveLength(1);
  });

  it('?order= resumes an UnPaid subscription: the sheet opens on that order', async () => {
    stubApi(routes({ 'GET /api/v1/funds/orders/501': () => ok(fundOrder()) }));
    renderPage(<FoundDetailPage />, url({ id: 7, order: '501' }));
    expect((await screen.findByTestId('fund-sheet-amount')).textContent).toBe('300.00 USDT');
    expect(screen.getByTestId('fund-sheet-fee').textContent).toBe('4.50 USDT');
    expect(screen.queryByTestId('fund-amount')).toBeNull();
    expect(screen.getByTestId('fund-network').textContent).toBe('Network: Arbitrum');
  });

  it('an expired quote offers to subscribe again: a new sheet with the amount, no order yet', async () => {
    const calls = stubApi(
      routes({
        'GET /api/v1/funds/orders/501': () =>
          ok(fundOrder({ quote_expires_at: new Date(Date.now() - 1000).toISOString() })),
      }),
    );
    renderPage(<FoundDetailPage />, url({ id: 7, order: '501' }));
    expect((await screen.findByTestId('fund-quote-expired')).textContent).toContain(
      'The quote of this subscription has expired.',
    );
    fireEvent.click(screen.getByTestId('fund-restart'));
    expect(((await screen.findByTestId('fund-amount')) as HTMLInputElement).value).toBe('300');
    await waitFor(() => expect(screen.getByTestId('fund-quote-fee')).toBeTruthy());
    expect(screen.queryByTestId('fund-quote-expired')).toBeNull();
    expect(apiWrites(calls)).toEqual([]);
  });
});
