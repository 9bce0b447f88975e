import { PRODUCTS, product } from '@web/features/funds/test/fund-fixtures.ts';
import { applyLanguage } from '@web/lib/i18n/index.ts';
import { paths } from '@web/lib/paths.ts';
import { expectBannerOpens, expectNoBanner } from '@web/test/banners.tsx';
import { cleanupPage } from '@web/test/cleanup.ts';
import { CONFIG, ok, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { useFundBanner } from './fund-banner.ts';

afterEach(async () => {
  await applyLanguage('en');
  await cleanupPage();
});

describe('account banner: funds', () => {
  it('shows the on-sale fund with the highest expected yield and opens its detail', async () => {
    const list = [...PRODUCTS, product({ id: 10, name: 'Tie Later', expected_yield_percent: '18.50' })];
    stubApi({ 'GET /api/v1/config': () => ok(CONFIG), 'GET /api/v1/funds/products': () => ok({ list }) });
    // 'Closed One' (off sale) yields 99%: not offered; 18.5 beats 6.2, and the first of a tie stays.
    await expectBannerOpens(
      useFundBanner,
      { title: 'Growth Plus', text: 'Expected 18.5% a year', cta: 'From 500.00 USDT' },
      `${paths.fundProductDetail}?id=8`,
    );
  });

  it('gives none, and reads no funds, in a language outside FUND_LOCALES', async () => {
    const calls = stubApi({
      'GET /api/v1/config': () => ok(CONFIG),
      'GET /api/v1/funds/products': () => ok({ list: PRODUCTS }),
    });
    await applyLanguage('fr');
    await expectNoBanner(useFundBanner);
    expect(calls.filter((c) => c.path === '/api/v1/funds/products')).toEqual([]);
  });
});
