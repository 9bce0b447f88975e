import { useQuery } from '@tanstack/react-query';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { fundKeys } from '@web/features/funds/api/keys.ts';
import { bestYieldFund } from '@web/features/funds/model/best-yield.ts';
import { fundsShownIn } from '@web/features/funds/model/locales.ts';
import { formatUsdt } from '@web/lib/format.ts';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import type { BannerSource } from './types.ts';

/**
 * The on-sale fund with the highest expected yield: its name, "Expected {yield}% a year" and, on the pill,
 * "From {min}" (like the product banners' price), opening its detail;
 * only in the languages of config funds.locales (the funds are not read elsewhere).
 */
export const useFundBanner: BannerSource = () => {
  const { t, i18n } = useTranslation();
  const config = usePublicConfig();
  const shown = fundsShownIn(i18n.language, config.data);
  // The list's reader (and the fund schemas it parses with) loads with the first read: the account page is in
  // the login route's JavaScript, which must stay within its budget (bench/run.ts). Same key, same cache.
  const products = useQuery({
    queryKey: fundKeys.products,
    queryFn: async () => (await import('@web/features/funds/api/get-fund-products.ts')).getFundProducts(),
    enabled: shown,
  });
  const best = shown ? bestYieldFund(products.data ?? []) : null;
  return {
    pending: config.isPending || (shown && products.isPending),
    banners: best
      ? [
          {
            key: `fund-${best.id}`,
            title: best.name,
            text: t('fund.banner.text', { yield: best.expected_yield_percent }),
            cta: t('fund.banner.cta', { min: formatUsdt(best.minimum_usdt) }),
            art: 'hashPower',
            tone: 'emerald',
            open: () => openPage(withQuery(paths.fundProductDetail, { id: best.id })),
          },
        ]
      : [],
  };
};
