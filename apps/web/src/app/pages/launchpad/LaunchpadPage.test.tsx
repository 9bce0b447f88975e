import { formatTime } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeRound } from '@web/features/launchpad/testing/fixtures.ts';
import { paths } from '@web/lib/paths.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import LaunchpadPage from './LaunchpadPage.tsx';

afterEach(cleanupPage);

describe('launchpad rounds', () => {
  it('shows each round: name, state, sold of copies with copies left, price, AGC per copy, window', async () => {
    stubApi({
      'GET /api/v1/launchpad/rounds': () =>
        ok({
          list: [
            makeRound(),
            makeRound({
              id: 4,
              name: 'Later Round',
              state: 'Upcoming',
              sold: 0,
              remaining: 100,
              copies: 100,
            }),
            makeRound({ id: 5, name: 'Gone', state: 'SoldOut', sold: 200, remaining: 0 }),
            makeRound({ id: 6, name: 'Shut', state: 'Closed', sold: 50, remaining: 150 }),
          ],
        }),
    });
    renderPage(<LaunchpadPage />, paths.launchpad);
    const first = within(await screen.findByTestId('lp-round-3'));
    expect(first.getByTestId('lp-round-state').textContent).toBe('Open');
    expect(first.getByTestId('lp-round-sold').textContent).toBe('50 / 200 sold');
    expect(first.getByTestId('lp-round-remaining').textContent).toBe('150 left');
    expect(first.getByTestId('lp-round-price').textContent).toBe('500.00 USDT');
    expect(first.getByTestId('lp-round-agc').textContent).toBe('1,000.00 AGC');
    expect(first.getByTestId('lp-round-window').textContent).toBe(
      `${formatTime('2026-11-20T00:00:00.000Z')} – ${formatTime('2026-12-20T00:00:00.000Z')}`,
    );
    expect(first.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    const later = within(screen.getByTestId('lp-round-4'));
    expect(later.getByTestId('lp-round-state').textContent).toBe('Upcoming');
    expect(later.getByTestId('lp-round-sold').textContent).toBe('0 / 100 sold');
    const gone = within(screen.getByTestId('lp-round-5'));
    expect(gone.getByTestId('lp-round-state').textContent).toBe('Sold out');
    // copies left only while they can be bought: a closed round's 150 unsold copies are not "150 left"
    expect(gone.queryByTestId('lp-round-remaining')).toBeNull();
    expect(later.getByTestId('lp-round-remaining').textContent).toBe('100 left');
    expect(within(screen.getByTestId('lp-round-6')).queryByTestId('lp-round-remaining')).toBeNull();
  });

  it('opens a round on its page, and links my purchases', async () => {
    stubApi({ 'GET /api/v1/launchpad/rounds': () => ok({ list: [makeRound()] }) });
    const { router } = renderPage(<LaunchpadPage />, paths.launchpad);
    fireEvent.click(await screen.findByTestId('lp-round-3'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.launchpadDetail));
    expect(router.state.location.search).toBe('?id=3');
    fireEvent.click(screen.getByTestId('lp-mine-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.launchpadMine));
  });

  it('says when there is no round, and offers a retry when the read fails', async () => {
    stubApi({ 'GET /api/v1/launchpad/rounds': () => ok({ list: [] }) });
    renderPage(<LaunchpadPage />, paths.launchpad);
    expect((await screen.findByTestId('lp-rounds-empty')).textContent).toContain('No launchpad rounds yet.');
    await cleanupPage();
    let answer = fail(500, 'Server busy');
    const calls = stubApi({ 'GET /api/v1/launchpad/rounds': () => answer });
    renderPage(<LaunchpadPage />, paths.launchpad);
    const error = await screen.findByTestId('lp-rounds-error');
    answer = ok({ list: [makeRound()] });
    fireEvent.click(within(error).getByRole('button'));
    await screen.findByTestId('lp-round-3');
    expect(calls.filter((c) => c.path === '/api/v1/launchpad/rounds')).toHaveLength(2);
  });
});
