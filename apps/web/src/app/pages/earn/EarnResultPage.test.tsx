import { screen, waitFor } from '@testing-library/react';
import { MOVEMENT_POLL_MS } from '@web/features/earn/api/get-earn-movement.ts';
import { makeMovement, makeSummary, SERVER_NOW } from '@web/features/earn/testing/fixtures.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectLoadFailed } from '@web/test/texts.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import EarnResultPage from './EarnResultPage.tsx';

const PATH = '/pages/easyEarn/result';
const text = (id: string) => screen.getByTestId(id).textContent;

function stubServer(movement: ApiHandler) {
  return stubApi({
    'GET /api/v1/earn/summary': () => ok(makeSummary()),
    'GET /api/v1/earn/movements/7': movement,
  });
}

beforeEach(() => useAuthStore.getState().setToken('jwt'));
afterEach(cleanupPage);

describe('simple earn: transfer result', () => {
  it('Pending: arrival time and a countdown on the server clock; Arrived once the server says so, then the balances are read again', async () => {
    let arrived = false;
    const calls = stubServer(() =>
      ok(
        arrived
          ? makeMovement({ status: 'Arrived', arrived_at: '2026-03-10T08:03:01.000Z' })
          : // 3 minutes after the server's now, whatever this machine's clock says
            makeMovement({ arrives_at: new Date(Date.parse(SERVER_NOW) + 180_000).toISOString() }),
      ),
    );
    renderPage(<EarnResultPage />, `${PATH}?id=7`);
    expect(await screen.findByTestId('earn-result-loading')).toBeTruthy();
    await screen.findByTestId('earn-result-card');
    expect(text('earn-result-title')).toBe('On its way');
    expect(text('earn-result-status')).toBe('Pending');
    expect(text('earn-result-amount')).toBe('300.00 USDT');
    expect(text('earn-result-arrives')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await waitFor(() => expect(text('earn-countdown')).toMatch(/^0[23]:\d\d$/));
    const first = text('earn-countdown');
    await waitFor(() => expect(text('earn-countdown')).not.toBe(first), { timeout: 2500 }); // it ticks
    const summaryReads = calls.filter((c) => c.path === '/api/v1/earn/summary').length;
    arrived = true;
    await waitFor(() => expect(text('earn-result-status')).toBe('Arrived'), {
      timeout: MOVEMENT_POLL_MS + 2000,
    });
    expect(text('earn-result-title')).toBe('Arrived in your available balance');
    expect(screen.queryByTestId('earn-countdown')).toBeNull();
    expect(text('earn-result-arrived')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/earn/summary').length).toBeGreaterThan(summaryReads),
    );
  }, 15_000);

  it('a transfer in is Completed; nothing is polled', async () => {
    const calls = stubServer(() =>
      ok(makeMovement({ kind: 'In', status: 'Completed', arrives_at: null, amount_usdt: '50' })),
    );
    renderPage(<EarnResultPage />, `${PATH}?id=7`);
    await screen.findByTestId('earn-result-card');
    expect(text('earn-result-title')).toBe('Transfer in completed');
    expect(text('earn-result-status')).toBe('Completed');
    expect(screen.queryByTestId('earn-countdown')).toBeNull();
    await new Promise((r) => setTimeout(r, MOVEMENT_POLL_MS + 300));
    expect(calls.filter((c) => c.path === '/api/v1/earn/movements/7')).toHaveLength(1);
  }, 10_000);

  it('days away: the countdown names the days', async () => {
    stubServer(() =>
      ok(makeMovement({ arrives_at: new Date(Date.parse(SERVER_NOW) + 3 * 86_400_000).toISOString() })),
    );
    renderPage(<EarnResultPage />, `${PATH}?id=7`);
    await waitFor(() => expect(text('earn-countdown')).toMatch(/^(3 d 00:00|2 d 23:59:\d\d)$/));
  });

  it('an id the server does not know, or no id at all, is not found', async () => {
    const calls = stubServer(() => fail(404, 'Not found'));
    renderPage(<EarnResultPage />, `${PATH}?id=7`);
    expect((await screen.findByTestId('earn-result-not-found')).textContent).toContain('Transfer not found');
    await cleanupPage();
    useAuthStore.getState().setToken('jwt');
    const later = stubServer(() => fail(404, 'Not found'));
    renderPage(<EarnResultPage />, `${PATH}?id=abc`);
    expect(screen.getByTestId('earn-result-not-found')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(later.filter((c) => c.path.startsWith('/api/v1/earn/movements'))).toEqual([]);
    expect(calls.length).toBeGreaterThan(0);
  });

  it('a failed read says Load Failed with the message and a retry', async () => {
    stubServer(() => fail(500, 'Database unavailable'));
    renderPage(<EarnResultPage />, `${PATH}?id=7`);
    await expectLoadFailed('earn-result-error', 'Database unavailable');
  });
});
