import type { ExchangeQuote } from '@agc/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeInfo, makeQuote } from '@web/features/exchange/testing/fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ExchangePage from './ExchangePage.tsx';

// uPlot draws on a canvas, which the DOM of the tests lacks: a stand-in that shows what it was given.
vi.mock('@web/components/LineChart.tsx', () => import('@web/test/line-chart-stub.tsx'));

const text = (testId: string) => screen.getByTestId(testId).textContent;
const type = (value: string) =>
  fireEvent.change(screen.getByTestId('exchange-amount'), { target: { value } });
const getQuote = () => fireEvent.click(screen.getByTestId('exchange-get-quote'));
const disabled = (testId: string) => screen.getByTestId(testId).hasAttribute('disabled');

/** The server's clock is an hour ahead of this device's: the countdown must follow the server's. */
const SERVER_NOW = Date.parse('2026-03-01T12:00:00.000Z');
const LOCAL_NOW = SERVER_NOW - 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The fake server: info, quotes made at the server's time (device time + 1 h) that hold 30 s, numbered 7, 8, …,
 * and accept (`accept` overrides).
 */
function stubServer(options: { quote?: (body: unknown) => ExchangeQuote; accept?: ApiHandler } = {}) {
  let next = 7;
  const quoteOf = (body: unknown): ExchangeQuote => {
    const b = body as { from: 'USDT' | 'AGC'; mode: 'in' | 'out'; amount: string };
    const server = Date.now() + 3_600_000;
    return makeQuote({
      id: String(next++),
      from: b.from,
      to: b.from === 'USDT' ? 'AGC' : 'USDT',
      mode: b.mode,
      server_time: iso(server),
      created_at: iso(server),
      expires_at: iso(server + 30_000),
    });
  };
  const calls = stubApi({
    'GET /api/v1/exchange/info': () => ok(makeInfo({ server_time: iso(Date.now() + 3_600_000) })),
    'POST /api/v1/exchange/quotes': (_url, body) => ok((options.quote ?? quoteOf)(body)),
    ...(options.accept ? { 'POST /api/v1/exchange/quotes/7/accept': options.accept } : {}),
  });
  return calls;
}

/** Types `amount`, gets a quote, opens the confirmation and confirms. */
async function quoteAndAccept(amount: string) {
  type(amount);
  getQuote();
  fireEvent.click(await screen.findByTestId('exchange-open-confirm'));
  fireEvent.click(await screen.findByTestId('exchange-confirm-accept'));
}

const posts = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));

async function openPage() {
  const page = renderPage(<ExchangePage />, '/pages/exchange/index');
  await waitFor(() => expect(text('exchange-available-from')).toContain('250.50 USDT'));
  return page;
}

afterEach(async () => {
  vi.useRealTimers();
  await cleanupPage();
});

describe('exchange page: the form', () => {
  it('shows both balances, and the switch turns USDT → AGC into AGC → USDT', async () => {
    stubServer();
    await openPage();
    expect(text('exchange-from')).toBe('USDT');
    expect(text('exchange-to')).toBe('AGC');
    expect(text('exchange-available-from')).toBe('Available 250.50 USDT');
    expect(text('exchange-available-to')).toBe('Available 40.00 AGC');
    expect(screen.getByLabelText('Amount (USDT)')).toBe(screen.getByTestId('exchange-amount'));
    fireEvent.click(screen.getByTestId('exchange-switch'));
    expect(text('exchange-from')).toBe('AGC');
    expect(text('exchange-to')).toBe('USDT');
    expect(text('exchange-available-from')).toBe('Available 40.00 AGC');
    expect(screen.getByLabelText('Amount (AGC)')).toBe(screen.getByTestId('exchange-amount'));
    // I receive: the amount is what arrives, in the other asset.
    // A real radio group for screen readers: I pay / I receive.
    expect(screen.getByRole('radiogroup', { name: 'Amount entered as' })).toBeTruthy();
    expect(screen.getByTestId('exchange-mode-in').getAttribute('role')).toBe('radio');
    fireEvent.click(screen.getByTestId('exchange-mode-out'));
    expect(screen.getByTestId('exchange-mode-out').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('exchange-mode-in').getAttribute('tabindex')).toBe('-1');
    // The arrow keys move the choice, as in every radio group.
    fireEvent.keyDown(screen.getByTestId('exchange-mode-out'), { key: 'ArrowLeft' });
    expect(screen.getByTestId('exchange-mode-in').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('exchange-mode-out'));
    expect(screen.getByLabelText('Amount (USDT)')).toBe(screen.getByTestId('exchange-amount'));
  });

  it('says the spec’s messages and asks the server nothing for an amount it would refuse', async () => {
    const calls = stubServer();
    await openPage();
    expect(screen.queryByTestId('exchange-amount-error')).toBeNull();
    getQuote();
    expect(text('exchange-amount-error')).toBe('Please enter an amount');
    for (const [input, message] of [
      ['abc', 'Please enter a valid amount'],
      ['1e3', 'Please enter a valid amount'],
      ['-5', 'The amount must be greater than 0'],
      ['0', 'The amount must be greater than 0'],
      ['0.000000', 'The amount must be greater than 0'],
      ['1.1234567', 'This amount allows at most 6 decimal places'],
      ['250.500001', 'The balance is insufficient'],
    ] as const) {
      type(input);
      expect(text('exchange-amount-error')).toBe(message);
      getQuote();
      expect(text('exchange-amount-error')).toBe(message);
    }
    type('250.5');
    expect(screen.queryByTestId('exchange-amount-error')).toBeNull();
    // AGC has 18 decimals; in I receive mode the amount is what arrives, so the balance is the server's to check.
    fireEvent.click(screen.getByTestId('exchange-switch'));
    type('1.0000000000000000001');
    expect(text('exchange-amount-error')).toBe('This amount allows at most 18 decimal places');
    type('40.1');
    expect(text('exchange-amount-error')).toBe('The token balance is insufficient');
    fireEvent.click(screen.getByTestId('exchange-mode-out'));
    type('1000');
    expect(screen.queryByTestId('exchange-amount-error')).toBeNull();
    expect(posts(calls)).toEqual([]);
  });

  it('Max pays everything available, as what is paid', async () => {
    stubServer();
    await openPage();
    fireEvent.click(screen.getByTestId('exchange-mode-out'));
    fireEvent.click(screen.getByTestId('exchange-max'));
    expect(screen.getByTestId<HTMLInputElement>('exchange-amount').value).toBe('250.5');
    expect(screen.getByTestId('exchange-mode-in').getAttribute('aria-checked')).toBe('true');
  });

  it('shows the server’s refusal of a quote under the amount', async () => {
    stubApi({
      'GET /api/v1/exchange/info': () => ok(makeInfo()),
      'POST /api/v1/exchange/quotes': () => fail(400, 'The amount is too small to exchange'),
    });
    await openPage();
    type('0.000001');
    getQuote();
    await waitFor(() => expect(text('exchange-amount-error')).toBe('The amount is too small to exchange'));
    expect(screen.queryByTestId('exchange-quote')).toBeNull();
  });

  it('a balance that could not be read says why, with a retry', async () => {
    stubApi({ 'GET /api/v1/exchange/info': () => fail(500, 'Database unavailable') });
    renderPage(<ExchangePage />, '/pages/exchange/index');
    await waitFor(() => expect(text('exchange-info-error')).toContain('Database unavailable'));
    expect(text('exchange-available-from')).toBe('Available -');
    expect(disabled('exchange-max')).toBe(true);
  });
});

describe('exchange page: the quote', () => {
  it('asks for the typed amount and shows the rate, fee, what arrives and what converting back returns', async () => {
    const calls = stubServer();
    await openPage();
    type('100');
    getQuote();
    await screen.findByTestId('exchange-quote');
    expect(posts(calls)).toEqual([
      { path: '/api/v1/exchange/quotes', body: { from: 'USDT', mode: 'in', amount: '100' } },
    ]);
    expect(text('exchange-quote-rate')).toBe(
      '1 AGC = 0.50 USDTMarket price (Uniswap v3 average), block 1234',
    );
    expect(text('exchange-quote-price-source')).toBe('Market price (Uniswap v3 average), block 1234');
    expect(text('exchange-quote-pay')).toBe('100.00 USDT');
    expect(text('exchange-quote-fee')).toBe('0.50 USDT');
    expect(screen.getByText('Fee (0.5%)')).toBeTruthy();
    expect(text('exchange-quote-receive')).toBe('199.00 AGC');
    expect(text('exchange-quote-round-trip')).toBe('99.0025 USDT');
    // A changed amount drops the quote: it no longer says what the form asks.
    type('101');
    expect(screen.queryByTestId('exchange-quote')).toBeNull();
  });

  it('in I receive mode, a quote that takes more than the balance says so and cannot be accepted', async () => {
    stubServer({ quote: () => makeQuote({ mode: 'out', amount_in: '300', amount_out: '597' }) });
    await openPage();
    fireEvent.click(screen.getByTestId('exchange-mode-out'));
    type('597');
    getQuote();
    await screen.findByTestId('exchange-quote');
    expect(text('exchange-quote-short')).toBe('The balance is insufficient');
    expect(disabled('exchange-open-confirm')).toBe(true);
  });

  it('counts down the server’s seconds on the form and the confirmation alike; at 0 confirm is off and Refresh gets a new quote', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(LOCAL_NOW);
    const calls = stubServer();
    await openPage();
    type('100');
    getQuote();
    await screen.findByTestId('exchange-quote');
    expect(text('exchange-quote-countdown-time')).toBe('00:30');
    fireEvent.click(screen.getByTestId('exchange-open-confirm'));
    await screen.findByTestId('exchange-confirm');
    expect(text('exchange-confirm-countdown-time')).toBe('00:30');
    expect(text('exchange-confirm-receive')).toBe('199.00 AGC');

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(text('exchange-quote-countdown-time')).toBe('00:20');
    expect(text('exchange-confirm-countdown-time')).toBe('00:20');
    await act(() => vi.advanceTimersByTimeAsync(19_000));
    expect(text('exchange-quote-countdown-time')).toBe('00:01');
    expect(text('exchange-confirm-countdown-time')).toBe('00:01');
    expect(disabled('exchange-confirm-accept')).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(text('exchange-quote-countdown-expired')).toBe('Quote expired');
    expect(text('exchange-confirm-countdown-expired')).toBe('Quote expired');
    expect(disabled('exchange-confirm-accept')).toBe(true);
    fireEvent.click(screen.getByTestId('exchange-confirm-accept'));
    expect(posts(calls).filter((p) => p.path.endsWith('/accept'))).toEqual([]);

    fireEvent.click(screen.getByTestId('exchange-confirm-refresh'));
    await waitFor(() => expect(text('exchange-confirm-countdown-time')).toBe('00:30'));
    expect(text('exchange-quote-countdown-time')).toBe('00:30');
    expect(disabled('exchange-confirm-accept')).toBe(false);
    expect(posts(calls)).toEqual([
      { path: '/api/v1/exchange/quotes', body: { from: 'USDT', mode: 'in', amount: '100' } },
      { path: '/api/v1/exchange/quotes', body: { from: 'USDT', mode: 'in', amount: '100' } },
    ]);
  });

  it('the form alone offers Refresh quote once the quote has expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(LOCAL_NOW);
    stubServer();
    await openPage();
    type('100');
    getQuote();
    await screen.findByTestId('exchange-quote');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(text('exchange-quote-countdown-expired')).toBe('Quote expired');
    expect(screen.queryByTestId('exchange-open-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('exchange-quote-refresh'));
    await waitFor(() => expect(text('exchange-quote-countdown-time')).toBe('00:30'));
    expect(disabled('exchange-open-confirm')).toBe(false);
  });

  it('accepting opens the result page of the exchange', async () => {
    const calls = stubServer({
      accept: () => ok({ exchange: makeQuote({ status: 'Accepted', accepted_at: iso(Date.now()) }) }),
    });
    const { router } = await openPage();
    await quoteAndAccept('100');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/exchange/result'));
    expect(router.state.location.search).toBe('?id=7');
    expect(posts(calls).at(-1)).toEqual({ path: '/api/v1/exchange/quotes/7/accept', body: {} });
  });

  it('a quote the server finds expired at the last second: its message and the fresh quote it sent', async () => {
    const fresh = makeQuote({ id: '9', amount_out: '198', round_trip: '98.505' });
    const calls = stubServer({
      accept: () =>
        fail(400, 'This quote has expired: here is a new one', {
          ...fresh,
          server_time: iso(Date.now()),
          expires_at: iso(Date.now() + 30_000),
        }),
    });
    const { router } = await openPage();
    await quoteAndAccept('100');
    await waitFor(() =>
      expect(text('exchange-confirm-error')).toBe('This quote has expired: here is a new one'),
    );
    expect(text('exchange-confirm-receive')).toBe('198.00 AGC');
    expect(text('exchange-quote-receive')).toBe('198.00 AGC');
    expect(text('exchange-confirm-countdown-time')).toBe('00:30');
    expect(disabled('exchange-confirm-accept')).toBe(false);
    // Confirming again accepts the fresh quote.
    const later = stubApi({
      'GET /api/v1/exchange/info': () => ok(makeInfo()),
      'POST /api/v1/exchange/quotes/9/accept': () => ok({ exchange: { ...fresh, status: 'Accepted' } }),
    });
    fireEvent.click(screen.getByTestId('exchange-confirm-accept'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=9'));
    expect(posts(later)).toEqual([{ path: '/api/v1/exchange/quotes/9/accept', body: {} }]);
    expect(
      posts(calls)
        .filter((p) => p.path.endsWith('/accept'))
        .map((p) => p.path),
    ).toEqual(['/api/v1/exchange/quotes/7/accept']);
  });

  it('another refusal (the balance moved meanwhile) is said in the confirmation and changes nothing else', async () => {
    stubServer({ accept: () => fail(400, 'The balance is insufficient') });
    const { router } = await openPage();
    await quoteAndAccept('100');
    await waitFor(() => expect(text('exchange-confirm-error')).toBe('The balance is insufficient'));
    expect(text('exchange-confirm-receive')).toBe('199.00 AGC');
    expect(router.state.location.pathname).toBe('/pages/exchange/index');
  });

  it('a quote the server says was accepted already (an earlier try whose answer was lost) opens its result', async () => {
    stubServer({ accept: () => fail(409, 'This quote has already been accepted') });
    const { router } = await openPage();
    await quoteAndAccept('100');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/exchange/result'));
    expect(router.state.location.search).toBe('?id=7');
  });
});

describe('exchange page: the AGC price over 24 hours', () => {
  const point = (minutesAgo: number, price: string, spot: string, accepted = true) => ({
    at: iso(Date.now() - minutesAgo * 60_000),
    price_usdt: price,
    spot_usdt: spot,
    block: String(1000 - minutesAgo),
    accepted,
  });
  const chartOf = (source: 'fixed' | 'uniswap-v3', points: ReturnType<typeof point>[]) =>
    ok({ source, twap_seconds: source === 'fixed' ? null : 1800, points });

  it('charts the TWAP and the spot, and says the price now comes from the market at its block', async () => {
    stubApi({
      'GET /api/v1/exchange/info': () => ok(makeInfo({ price_usdt: '0.524', price_block: '998' })),
      'GET /api/v1/token/price/chart': () =>
        chartOf('uniswap-v3', [point(10, '0.5', '0.5'), point(5, '0.51', '0.55'), point(0, '0.524', '0.55')]),
    });
    await openPage();
    expect(await screen.findByTestId('price-chart-lines')).toHaveProperty(
      'textContent',
      'Price used (average)|Pool price:0.5,0.51,0.524;0.5,0.55,0.55',
    );
    expect(text('price-chart-now')).toContain('1 AGC = 0.524 USDT');
    expect(text('price-chart-source')).toBe('Market price (Uniswap v3 average), block 998');
    expect(screen.queryByTestId('price-chart-paused')).toBeNull();
  });

  it('says "fixed" where a fixed price shows, with no chart', async () => {
    stubApi({
      'GET /api/v1/exchange/info': () => ok(makeInfo({ price_source: 'fixed', price_block: null })),
      'GET /api/v1/token/price/chart': () => chartOf('fixed', []),
      'POST /api/v1/exchange/quotes': () => ok(makeQuote({ price_source: 'fixed', price_block: null })),
    });
    await openPage();
    expect(await screen.findByText('The price is fixed: there is no market to chart')).toBeTruthy();
    expect(text('price-chart-source')).toBe('Fixed price — not from the market');
    expect(screen.getByTestId('price-chart-source').dataset.source).toBe('fixed');
    type('100');
    getQuote();
    expect((await screen.findByTestId('exchange-quote-price-source')).textContent).toBe(
      'Fixed price — not from the market',
    );
  });

  it('says "Prices are paused" when the server refuses the price now', async () => {
    stubApi({
      'GET /api/v1/exchange/info': () => fail(503, 'Prices are paused — try again shortly'),
      'GET /api/v1/token/price/chart': () =>
        chartOf('uniswap-v3', [point(5, '0.5', '0.5'), point(0, '0.5', '0.8', false)]),
    });
    renderPage(<ExchangePage />, '/pages/exchange/index');
    expect((await screen.findByTestId('price-chart-paused')).textContent).toBe(
      'Prices are paused — try again shortly',
    );
  });
});
