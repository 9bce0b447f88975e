import { formatTime } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makePurchase } from '@web/features/launchpad/testing/fixtures.ts';
import { paths } from '@web/lib/paths.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import LaunchpadMinePage from './LaunchpadMinePage.tsx';

afterEach(cleanupPage);

const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, size: 10, has_more: false });

describe('my launchpad purchases', () => {
  it('lists each purchase with copy numbers, paid, locked and released AGC and the next release', async () => {
    useAuthStore.setState({ token: 'tok' });
    const calls = stubApi({
      'GET /api/v1/me': () => ok(makeMe({ launchpad_locked_agc: '2000.5' })),
      'GET /api/v1/launchpad/purchases': () =>
        page([
          makePurchase(),
          makePurchase({
            id: '12',
            first_copy: 3,
            last_copy: 3,
            copies: 1,
            locked_agc: '0',
            released_agc: '1000',
            next_release_at: null,
          }),
        ]),
    });
    const { router } = renderPage(<LaunchpadMinePage />, paths.launchpadMine);
    const first = within(await screen.findByTestId('lp-purchase-41'));
    expect(first.getByTestId('lp-purchase-copies').textContent).toBe('#51–#52');
    expect(first.getByTestId('lp-purchase-paid').textContent).toBe('1,000.00 USDT');
    expect(first.getByTestId('lp-purchase-locked').textContent).toBe('2,000.00 AGC');
    expect(first.getByTestId('lp-purchase-released').textContent).toBe('0.00 AGC');
    expect(first.getByTestId('lp-purchase-next').textContent).toBe(formatTime('2027-01-20T00:00:00.000Z'));
    const second = within(screen.getByTestId('lp-purchase-12'));
    expect(second.getByTestId('lp-purchase-copies').textContent).toBe('#3');
    expect(second.getByTestId('lp-purchase-next').textContent).toBe('All released');
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');
    expect(calls.find((c) => c.path === '/api/v1/launchpad/purchases')?.query.get('size')).toBe('10');
    await waitFor(() => expect(screen.getByTestId('lp-mine-locked').textContent).toBe('2,000.50 AGC'));
    fireEvent.click(screen.getByTestId('lp-purchase-41'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.launchpadResult));
    expect(router.state.location.search).toBe('?id=41');
  });

  it('says No Data Available without purchases', async () => {
    stubApi({ 'GET /api/v1/launchpad/purchases': () => page([]) });
    renderPage(<LaunchpadMinePage />, paths.launchpadMine);
    await waitFor(() =>
      expect(screen.getByTestId('lp-purchases').textContent).toContain('No Data Available'),
    );
  });
});
