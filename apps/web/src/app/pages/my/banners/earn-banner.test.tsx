import { paths } from '@web/lib/paths.ts';
import { expectBannerOpens, expectNoBanner } from '@web/test/banners.tsx';
import { cleanupPage } from '@web/test/cleanup.ts';
import { CONFIG, fail, ok, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { useEarnBanner } from './earn-banner.ts';

afterEach(cleanupPage);

describe('account banner: simple earn', () => {
  it("says 'up to' the configuration's APY, draws the earn art and opens the simple-earn page, with no fetch of its own", async () => {
    const calls = stubApi({
      'GET /api/v1/config': () => ok({ ...CONFIG, rates: { ...CONFIG.rates, easy_earn_apy_max: '21.5' } }),
    });
    await expectBannerOpens(
      useEarnBanner,
      {
        title: 'Simple Earn',
        text: 'Up to 21.5% APY, transfer out any time',
        cta: 'Start earning',
        art: 'earn',
      },
      paths.earn,
    );
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/config']);
  });

  it('gives none, quietly, when the configuration cannot be read', async () => {
    stubApi({ 'GET /api/v1/config': () => fail(500, 'down') });
    await expectNoBanner(useEarnBanner);
  });
});
