import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../../features/config/api/get-config.ts';
import { useFundProducts } from '../../../../features/funds/api/get-fund-products.ts';
import { bestYieldFund } from '../../../../features/funds/model/best-yield.ts';
import { fundsShownIn } from '../../../../features/funds/model/locales.ts';
import { formatUsdt } from '../../../../lib/format.ts';
import { openPage } from '../../../../lib/navigation.ts';
import { paths, withQuery } from '../../../../lib/paths.ts';
import type { BannerSource } from './types.ts';

/**
 * The on-sale fund with the highest expected yield ("expected {yield}% a year, from {min}"), opening its detail;
 * only in the languages of config funds.locales (the funds are not read elsewhere).
 */
export const useFundBanner: BannerSource = () => {
  const { t, i18n } = useTranslation();
  const config = usePublicConfig();
  const shown = fundsShownIn(i18n.language, config.data);
  const products = useFundProducts({ enabled: shown });
  const best = shown ? bestYieldFund(products.data ?? []) : null;
  return {
    pending: config.isPending || (shown && products.isPending),
    banners: best
      ? [
          {
            key: `fund-${best.id}`,
            title: best.name,
            text: t('fund.banner.text', {
              yield: best.expected_yield_percent,
              min: formatUsdt(best.minimum_usdt),
            }),
            cta: t('fund.banner.cta'),
            art: 'hashPower',
            tone: 'emerald',
            open: () => openPage(withQuery(paths.fundProductDetail, { id: best.id })),
          },
        ]
      : [],
  };
};
