import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeHistoryPage, makeQuote } from '@web/features/exchange/testing/fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectLoadFailed } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import ExchangeHistoryPage from './ExchangeHistoryPage.tsx';

const accepted = (id: string, over = {}) =>
  makeQuote({ id, status: 'Accepted', accepted_at: '2026-03-01T12:00:10.000Z', ...over });

afterEach(cleanupPage);

describe('exchange history page', () => {
  it('lists the accepted exchanges, pair, paid and received, then No More Data', async () => {
    const calls = stubApi({
      'GET /api/v1/exchange/history': () =>
        ok(
          makeHistoryPage([
            accepted('12', {
              number: 2,
              from: 'AGC',
              to: 'USDT',
              amount_in: '10',
              fee: '0.05',
              amount_out: '4.975',
            }),
            accepted('7', { number: 1 }),
          ]),
        ),
    });
    renderPage(<ExchangeHistoryPage />, '/pages/exchange/history');
    const first = await screen.findByTestId('exchange-item-12');
    // The member's own numbers (2nd and 1st exchange), not the ids 12 and 7.
    expect(screen.getAllByTestId('exchange-item-number').map((n) => n.textContent)).toEqual(['#2', '#1']);
    expect(first.textContent).toContain('AGC → USDT');
    expect(first.textContent).toContain('10.00 AGC');
    expect(first.textContent).toContain('4.975 USDT');
    const second = screen.getByTestId('exchange-item-7');
    expect(second.textContent).toContain('USDT → AGC');
    expect(second.textContent).toContain('100.00 USDT');
    expect(second.textContent).toContain('199.00 AGC');
    await waitFor(() => expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data'));
    expect(calls[0]?.query.get('page')).toBe('1');
    expect(calls[0]?.query.get('size')).toBe('20');
  });

  it('an item opens its result page', async () => {
    stubApi({ 'GET /api/v1/exchange/history': () => ok(makeHistoryPage([accepted('7')])) });
    const { router } = renderPage(<ExchangeHistoryPage />, '/pages/exchange/history');
    fireEvent.click(await screen.findByTestId('exchange-item-7'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/exchange/result'));
    expect(router.state.location.search).toBe('?id=7');
  });

  it('no exchanges yet: No Data Available', async () => {
    stubApi({ 'GET /api/v1/exchange/history': () => ok(makeHistoryPage([])) });
    renderPage(<ExchangeHistoryPage />, '/pages/exchange/history');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Data Available');
  });

  it('a failed first page says why', async () => {
    stubApi({ 'GET /api/v1/exchange/history': () => fail(500, 'Database unavailable') });
    renderPage(<ExchangeHistoryPage />, '/pages/exchange/history');
    await expectLoadFailed('list-error', 'Database unavailable');
  });
});
