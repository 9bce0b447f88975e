import { useProducts } from '@web/features/shop/api/get-products.ts';
import { formatUsdt } from '@web/lib/format.ts';
import { openTab } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import type { BannerSource, BannerTone } from './types.ts';

const TONES: readonly BannerTone[] = ['ocean', 'emerald', 'sunset', 'midnight'];

/** One banner per product on sale, in the shop's order; each opens the shop. */
export const useProductBanners: BannerSource = () => {
  const { t } = useTranslation();
  const products = useProducts();
  return {
    pending: products.isPending,
    banners: (products.data ?? [])
      .filter((p) => p.status === 'on')
      .map((product, i) => ({
        key: `product-${product.id}`,
        title: product.name,
        text: product.description.trim() || t('banner.product.text'),
        cta: t('banner.product.cta', { price: formatUsdt(product.price_usdt) }),
        art: 'hashPower',
        tone: TONES[i % TONES.length] ?? 'ocean',
        open: () => openTab(paths.shop),
      })),
  };
};
