import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeMovement, makeSummary, pageOf } from '@web/features/earn/testing/fixtures.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import EarnPage from './EarnPage.tsx';

const PATH = '/pages/easyEarn/index';

beforeEach(() => useAuthStore.getState().setToken('jwt'));
afterEach(cleanupPage);

describe('simple earn page', () => {
  it("shows 'Up to' the configured APY, the five figures, and the transfers out on their way with their arrival", async () => {
    const calls = stubApi({
      'GET /api/v1/config': () => ok(CONFIG),
      'GET /api/v1/earn/summary': () => ok(makeSummary()),
      'GET /api/v1/earn/movements': () =>
        ok(
          pageOf([
            makeMovement(),
            makeMovement({ id: '5', status: 'Arrived', arrived_at: '2026-03-09T08:00:00.000Z' }),
          ]),
        ),
    });
    renderPage(<EarnPage />, PATH);
    expect(screen.getByTestId('earn-loading')).toBeTruthy();
    await screen.findByTestId('earn-total-amount');
    expectTexts('earn', {
      'total-amount': '1,500.25 USDT',
      'yesterday-income': '0.47 USDT',
      'total-earned': '3.50 USDT',
      'total-holding': '1,200.25 USDT',
      'locked-agc': '250.00 AGC',
    });
    // Every figure says where it comes from: the locked AGC is the launchpad's, not simple earn's.
    expect(screen.getByTestId('earn-locked-agc-source').textContent).toBe(
      'Bought in the launchpad and released on its schedule; not part of simple earn. My purchases',
    );
    expect(screen.getByText('Launchpad locked AGC')).toBeTruthy();
    for (const f of ['total-amount', 'yesterday-income', 'total-earned', 'total-holding'])
      expect(screen.getByTestId(`earn-${f}-source`).textContent, f).not.toBe('');
    // the "up to" of the configuration (18), not the rate paid now (12)
    await waitFor(() => expect(screen.getByTestId('earn-apy').textContent).toBe('Up to 18% APY'));
    const pending = await screen.findByTestId('earn-pending');
    expect(pending.querySelector('[data-testid="earn-movement-7"]')).toBeTruthy();
    expect(pending.querySelector('[data-testid="earn-movement-5"]')).toBeNull(); // arrived: not on its way
    expect(pending.querySelector('[data-testid="earn-movement-arrives"]')?.textContent).toMatch(
      /^Arrives around \d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
    );
    expect(calls.find((c) => c.path === '/api/v1/earn/movements')?.query.get('kind')).toBe('Out');
  });

  it('opens transfer in, transfer out, the records and a pending transfer’s result', async () => {
    stubApi({
      'GET /api/v1/config': () => ok(CONFIG),
      'GET /api/v1/earn/summary': () => ok(makeSummary()),
      'GET /api/v1/earn/movements': () => ok(pageOf([makeMovement()])),
    });
    const { router } = renderPage(<EarnPage />, PATH);
    const opens = async (testId: string, to: string) => {
      fireEvent.click(await screen.findByTestId(testId));
      await waitFor(() =>
        expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(to),
      );
      await router.navigate(PATH);
    };
    await opens('earn-transfer-in', '/pages/easyEarn/transferIn');
    await opens('earn-transfer-out', '/pages/easyEarn/transferOut');
    await opens('earn-records-link', '/pages/easyEarn/records');
    await opens('earn-movement-7', '/pages/easyEarn/result?id=7');
  });

  it('a failed summary is the error with its message; no pending list when nothing is on its way', async () => {
    stubApi({
      'GET /api/v1/config': () => ok(CONFIG),
      'GET /api/v1/earn/summary': () => fail(500, 'Earn unavailable'),
      'GET /api/v1/earn/movements': () => ok(pageOf([])),
    });
    renderPage(<EarnPage />, PATH);
    expect((await screen.findByTestId('earn-error')).textContent).toContain('Earn unavailable');
    expect(screen.queryByTestId('earn-total-amount')).toBeNull();
    expect(screen.queryByTestId('earn-pending')).toBeNull();
    // the way in stays
    expect(screen.getByTestId('earn-transfer-in')).toBeTruthy();
  });
});
