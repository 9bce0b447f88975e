import { Carousel } from '@web/components/Carousel.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { usePageStore } from '@web/stores/page.ts';
import { useTranslation } from 'react-i18next';
import { BannerCard } from './BannerCard.tsx';
import { useBanners } from './index.ts';

/**
 * The banners of what is live (invite bonus, products, ...), in the spec's swiper: its position is the page
 * store's `my_page_swiper_current` (session storage), so it is where it was after a reload or a visit elsewhere.
 */
export function Banners() {
  const { t } = useTranslation();
  const { banners, pending } = useBanners();
  const index = usePageStore((s) => s.my_page_swiper_current);
  const setIndex = usePageStore((s) => s.setMyPageSwiperCurrent);
  if (banners.length === 0) {
    return pending ? <Skeleton rows={1} className="banner-skeleton" testId="banners-loading" /> : null;
  }
  return (
    <Carousel
      testId="banners"
      label={t('banner.carousel.label')}
      index={index}
      onIndexChange={setIndex}
      slides={banners.map((banner) => ({ key: banner.key, content: <BannerCard banner={banner} /> }))}
    />
  );
}
