import { formatTime } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makePurchase, makeRound } from '@web/features/launchpad/testing/fixtures.ts';
import { unbroken } from '@web/lib/format.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import LaunchpadResultPage from './LaunchpadResultPage.tsx';

afterEach(cleanupPage);

const text = (id: string) => screen.getByTestId(id).textContent;

describe('launchpad purchase result', () => {
  it('shows the copy numbers, what was paid, the AGC locked and the release schedule', async () => {
    stubApi({
      'GET /api/v1/launchpad/purchases/41': () => ok(makePurchase()),
      'GET /api/v1/launchpad/rounds/3': () => ok(makeRound()),
    });
    const { router } = renderPage(<LaunchpadResultPage />, withQuery(paths.launchpadResult, { id: '41' }));
    expect((await screen.findByTestId('lp-result-copyNumbers')).textContent).toBe('#51–#52');
    expect(screen.getByTestId('lp-result').querySelector('h2')?.textContent).toBe('Purchase complete');
    expectTexts('lp-result', {
      round: 'Seed Round',
      copies: '2',
      paid: '1,000.00 USDT',
      agc: '2,000.00 AGC',
      locked: '2,000.00 AGC',
      released: '0.00 AGC',
      nextRelease: formatTime('2027-01-20T00:00:00.000Z'),
    });
    await waitFor(() =>
      expect(text('lp-result-release')).toBe(
        `The AGC stays locked until ${unbroken(formatTime('2027-01-19T00:00:00.000Z'))}, then is released evenly, day by day, until ${unbroken(formatTime('2027-07-18T00:00:00.000Z'))}.`,
      ),
    );
    fireEvent.click(screen.getByTestId('lp-result-orders'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.launchpadMine));
  });

  it('one copy reads as one number; everything released reads so', async () => {
    stubApi({
      'GET /api/v1/launchpad/purchases/41': () =>
        ok(
          makePurchase({
            copies: 1,
            first_copy: 7,
            last_copy: 7,
            next_release_at: null,
            released_agc: '2000',
            locked_agc: '0',
          }),
        ),
      'GET /api/v1/launchpad/rounds/3': () => ok(makeRound()),
    });
    renderPage(<LaunchpadResultPage />, withQuery(paths.launchpadResult, { id: '41' }));
    expect((await screen.findByTestId('lp-result-copyNumbers')).textContent).toBe('#7');
    expect(text('lp-result-nextRelease')).toBe('All released');
  });

  it('says so for an unknown purchase, and asks nothing for an id that is no id', async () => {
    stubApi({ 'GET /api/v1/launchpad/purchases/41': () => fail(404, 'Purchase not found') });
    renderPage(<LaunchpadResultPage />, withQuery(paths.launchpadResult, { id: '41' }));
    expect((await screen.findByTestId('lp-result-not-found')).textContent).toContain(
      'This purchase was not found.',
    );
    await cleanupPage();
    const calls = stubApi({});
    renderPage(<LaunchpadResultPage />, withQuery(paths.launchpadResult, { id: '4x' }));
    expect(screen.getByTestId('lp-result-not-found')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows why the purchase could not be read (a server error) without a toast', async () => {
    stubApi({ 'GET /api/v1/launchpad/purchases/41': () => fail(500, 'Server busy') });
    renderPage(<LaunchpadResultPage />, withQuery(paths.launchpadResult, { id: '41' }));
    await waitFor(() => expect(screen.getByTestId('lp-result').textContent).toContain('Server busy'));
  });
});
