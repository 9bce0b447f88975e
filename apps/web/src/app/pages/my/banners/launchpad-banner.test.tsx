import { makeRound } from '@web/features/launchpad/testing/fixtures.ts';
import { paths } from '@web/lib/paths.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { expectBannerOpens, expectNoBanner } from '@web/test/banners.tsx';
import { cleanupPage } from '@web/test/cleanup.ts';
import { renderQueryHook } from '@web/test/query-hooks.tsx';
import { fail, ok, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { useLaunchpadBanner } from './launchpad-banner.ts';

afterEach(cleanupPage);

describe('account banner: launchpad', () => {
  it('shows the open round with copies left and opens its detail', async () => {
    useAuthStore.setState({ token: 'tok' });
    stubApi({
      'GET /api/v1/launchpad/rounds': () =>
        ok({
          list: [
            makeRound({ id: 1, name: 'Sold', state: 'SoldOut', remaining: 0, sold: 200 }),
            makeRound({ id: 2, name: 'Soon', state: 'Upcoming' }),
            makeRound({ id: 3, name: 'Seed Round', remaining: 37, sold: 163 }),
            makeRound({ id: 6, name: 'Older Open', remaining: 10, sold: 190 }),
          ],
        }),
    });
    await expectBannerOpens(
      useLaunchpadBanner,
      { title: 'Seed Round', text: '37 of 200 copies left', cta: 'Buy copies', art: 'launchpad' },
      `${paths.launchpadDetail}?id=3`,
    );
  });

  it('gives none without an open round with copies, and none (quietly) when the read fails', async () => {
    useAuthStore.setState({ token: 'tok' });
    stubApi({
      'GET /api/v1/launchpad/rounds': () =>
        ok({
          list: [makeRound({ state: 'Open', remaining: 0, sold: 200 }), makeRound({ id: 4, state: 'Ended' })],
        }),
    });
    await expectNoBanner(useLaunchpadBanner);
    await cleanupPage();
    useAuthStore.setState({ token: 'tok' });
    stubApi({ 'GET /api/v1/launchpad/rounds': () => fail(500, 'Server busy') });
    await expectNoBanner(useLaunchpadBanner);
  });

  it('asks nothing of a signed-out visitor', async () => {
    const calls = stubApi({ 'GET /api/v1/launchpad/rounds': () => ok({ list: [makeRound()] }) });
    const { result } = renderQueryHook(useLaunchpadBanner);
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current).toEqual({ banners: [], pending: false });
    expect(calls).toEqual([]);
  });
});
