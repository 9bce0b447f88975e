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
 * The on-sale fund with the highest expected yield: its name, "Expected {yield}% a year" and, on the pill,
 * "From {min}" (like the product banners' price), opening its detail;
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
