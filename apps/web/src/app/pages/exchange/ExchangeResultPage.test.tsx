import { screen, waitFor } from '@testing-library/react';
import { EXCHANGE_QUOTE_POLL_MS } from '@web/features/exchange/api/get-exchange-quote.ts';
import { makeQuote } from '@web/features/exchange/testing/fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectLoadFailed, expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ExchangeResultPage from './ExchangeResultPage.tsx';

const iso = (ms: number) => new Date(ms).toISOString();
const open = (url: string) => renderPage(<ExchangeResultPage />, url);

afterEach(async () => {
  vi.useRealTimers();
  await cleanupPage();
});

describe('exchange result page', () => {
  it('an accepted exchange: the check, what was paid, the fee, what arrived, the rate and the time', async () => {
    stubApi({
      'GET /api/v1/exchange/quotes/7': () =>
        ok(makeQuote({ status: 'Accepted', number: 1, accepted_at: '2026-03-01T12:00:12.000Z' })),
    });
    open('/pages/exchange/result?id=7');
    await screen.findByTestId('exchange-result');
    expect(screen.getByText('Exchange successful')).toBeTruthy();
    expectTexts('exchange-detail', {
      status: 'Accepted',
      pair: 'USDT → AGC',
      rate: '1 AGC = 0.50 USDTMarket price (Uniswap v3 average), block 1234',
      pay: '100.00 USDT',
      fee: '0.50 USDT',
      receive: '199.00 AGC',
      // The member's first exchange, whatever its id (7) among everyone's.
      id: '#1',
    });
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByText('Received')).toBeTruthy();
    expect(screen.getByTestId('exchange-detail-time').textContent).toMatch(/^2026-03-01 \d\d:00:12$/);
    expect(screen.getByTestId('exchange-result-orders').textContent).toBe('Exchange history');
  });

  it('an expired quote says nothing was exchanged, with no success', async () => {
    stubApi({ 'GET /api/v1/exchange/quotes/8': () => ok(makeQuote({ id: '8', status: 'Expired' })) });
    open('/pages/exchange/result?id=8');
    const card = await screen.findByTestId('exchange-result-unaccepted');
    expect(card.getAttribute('data-status')).toBe('Expired');
    expect(card.textContent).toContain('Quote expired');
    expect(card.textContent).toContain('This quote was not accepted: nothing has been exchanged.');
    expect(screen.getByTestId('exchange-detail-status').textContent).toBe('Expired');
    expect(screen.queryByTestId('exchange-detail-time')).toBeNull();
    expect(screen.queryByTestId('exchange-detail-id')).toBeNull(); // never an exchange: no number
    expect(screen.queryByText('Exchange successful')).toBeNull();
    expect(screen.getByTestId('exchange-result-new').textContent).toBe('New exchange');
  });

  it('an open quote shows its time left and is read again until it is final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'Open' | 'Accepted' = 'Open';
    const calls = stubApi({
      'GET /api/v1/exchange/quotes/7': () =>
        ok(
          makeQuote({
            status,
            accepted_at: status === 'Accepted' ? iso(Date.now()) : null,
            server_time: iso(Date.now() + 3_600_000),
            expires_at: iso(Date.now() + 3_600_000 + 20_000),
          }),
        ),
    });
    open('/pages/exchange/result?id=7');
    const card = await screen.findByTestId('exchange-result-unaccepted');
    expect(card.getAttribute('data-status')).toBe('Open');
    expect(card.textContent).toContain('Not exchanged yet');
    expect(screen.getByTestId('exchange-result-countdown-time').textContent).toBe('00:20');
    status = 'Accepted';
    await vi.advanceTimersByTimeAsync(EXCHANGE_QUOTE_POLL_MS);
    await screen.findByTestId('exchange-result');
    expect(screen.getByText('Exchange successful')).toBeTruthy();
    const reads = calls.length;
    await vi.advanceTimersByTimeAsync(EXCHANGE_QUOTE_POLL_MS * 3);
    expect(calls.length).toBe(reads); // final: no more reads
  });

  it('an id that is not one, or one the server does not know (another member’s), is not found', async () => {
    const calls = stubApi({ 'GET /api/v1/exchange/quotes/99': () => fail(404, 'Not found') });
    open('/pages/exchange/result?id=abc');
    expect(screen.getByTestId('exchange-result-not-found').textContent).toContain(
      'This exchange was not found',
    );
    expect(calls).toEqual([]);
    await cleanupPage();
    stubApi({ 'GET /api/v1/exchange/quotes/99': () => fail(404, 'Not found') });
    open('/pages/exchange/result?id=99');
    await waitFor(() =>
      expect(screen.getByTestId('exchange-result-not-found').textContent).toContain(
        'This exchange was not found',
      ),
    );
  });

  it('a failed read says why, with a retry', async () => {
    stubApi({ 'GET /api/v1/exchange/quotes/7': () => fail(500, 'Database unavailable') });
    open('/pages/exchange/result?id=7');
    await expectLoadFailed('exchange-result-error', 'Database unavailable');
    expect(screen.getByText('Retry')).toBeTruthy();
  });
});
