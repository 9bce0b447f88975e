import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeMovement, pageOf } from '@web/features/earn/testing/fixtures.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectLoadFailed } from '@web/test/texts.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import EarnRecordsPage from './EarnRecordsPage.tsx';

const PATH = '/pages/easyEarn/records';

beforeEach(() => useAuthStore.getState().setToken('jwt'));
afterEach(cleanupPage);

describe('simple earn records', () => {
  it('Transfers: in and out with state and arrival, No More Data at the end; an item opens its result', async () => {
    const calls = stubApi({
      'GET /api/v1/earn/movements': () =>
        ok(
          pageOf([
            makeMovement(),
            makeMovement({ id: '6', kind: 'In', status: 'Completed', amount_usdt: '500', arrives_at: null }),
            makeMovement({ id: '5', status: 'Arrived', arrived_at: '2026-03-09T08:00:00.000Z' }),
          ]),
        ),
    });
    const { router } = renderPage(<EarnRecordsPage />, PATH);
    const pending = await screen.findByTestId('earn-movement-7');
    expect(screen.getByTestId('earn-records-tab-transfers').getAttribute('aria-selected')).toBe('true');
    expect(pending.textContent).toContain('Transfer out');
    expect(pending.querySelector('[data-testid="earn-movement-status"]')?.textContent).toBe('Pending');
    expect(pending.querySelector('[data-testid="earn-movement-amount"]')?.textContent).toBe('−300.00 USDT');
    expect(pending.querySelector('[data-testid="earn-movement-arrives"]')?.textContent).toMatch(
      /^Arrives around /,
    );
    const transferIn = screen.getByTestId('earn-movement-6');
    expect(transferIn.textContent).toContain('Transfer in');
    expect(transferIn.querySelector('[data-testid="earn-movement-amount"]')?.textContent).toBe(
      '+500.00 USDT',
    );
    expect(transferIn.querySelector('[data-testid="earn-movement-arrives"]')).toBeNull();
    expect(
      screen.getByTestId('earn-movement-5').querySelector('[data-testid="earn-movement-status"]')
        ?.textContent,
    ).toBe('Arrived');
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');
    // every kind: no filter
    expect(calls[0]?.query.get('kind')).toBeNull();
    expect(calls[0]?.query.get('page')).toBe('1');
    fireEvent.click(pending);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/pages/easyEarn/result?id=7',
      ),
    );
  });

  it('Interest: one row a day with its base; empty says No Data', async () => {
    stubApi({
      'GET /api/v1/earn/movements': () => ok(pageOf([])),
      'GET /api/v1/earn/interest': () =>
        ok(
          pageOf([
            { day: '2026-03-09', base_usdt: '1000', amount_usdt: '0.453' },
            { day: '2026-03-08', base_usdt: '1000', amount_usdt: '0.45' },
          ]),
        ),
    });
    renderPage(<EarnRecordsPage />, PATH);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Data Available');
    fireEvent.click(screen.getByTestId('earn-records-tab-interest'));
    const day = await screen.findByTestId('earn-interest-2026-03-09');
    expect(day.querySelector('[data-testid="earn-interest-amount"]')?.textContent).toBe('+0.453 USDT');
    expect(day.textContent).toContain('Earned on 1,000.00 USDT');
    expect(screen.getByTestId('earn-interest-2026-03-08')).toBeTruthy();
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');
  });

  it('a failed list says Load Failed with the message', async () => {
    stubApi({ 'GET /api/v1/earn/movements': () => fail(500, 'Movements down') });
    renderPage(<EarnRecordsPage />, PATH);
    await expectLoadFailed('list-error', 'Movements down');
  });
});
