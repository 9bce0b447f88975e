import { levelKey, shortAddress } from '@agc/shared';
import { Carousel } from '@web/components/Carousel.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { useLogout } from '@web/features/auth/hooks/use-logout.tsx';
import { useMe } from '@web/lib/me.ts';
import { paths } from '@web/lib/paths.ts';
import { usePageStore } from '@web/stores/page.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { type MenuEntry, MenuItem, pageEntry, useProductEntries } from './account-menu.tsx';
import { adminPagesFor } from './admin-pages.ts';
import { BannerCard } from './banners/BannerCard.tsx';
import { useBanners } from './banners/index.ts';
import './my.css';

/**
 * The banners of what is live (invite bonus, products, ...), in the spec's swiper: its position is the page
 * store's `my_page_swiper_current` (session storage), so it is where it was after a reload or a visit elsewhere.
 */
function Banners() {
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

/**
 * Account (tab 3): the banners, the account menu of the spec, every product (account-menu.tsx), an Admin section with the admin pages the member's roles open (none without a role), then Log out
 * and Log out everywhere.
 */
export default function MyPage() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  const stored = useWalletStore((s) => s.userInfo);
  // The roles as the server says now; the stored user info until it answers.
  const me = useMe().data ?? stored;
  const level = me?.level;
  const adminPages = adminPagesFor(me?.roles ?? []);
  const { pending, logout, logoutEverywhere } = useLogout();
  const products = useProductEntries();
  const logoutEntry = (kind: 'this' | 'all', testId: string, labelKey: string, run: () => Promise<void>) => ({
    testId,
    label: pending === kind ? t('my.loggingOut') : t(labelKey),
    onClick: () => void run(),
    disabled: pending !== null,
    busy: pending === kind,
    danger: true,
  });
  const sections: { heading?: string; items: MenuEntry[] }[] = [
    {
      items: [
        pageEntry('menu-rewards', t('my.menu.rewards'), paths.rewardList, true),
        pageEntry('menu-invite', t('my.menu.invite'), paths.invite),
        pageEntry('menu-por-verify', t('my.menu.porVerify'), paths.porVerify),
        pageEntry('menu-por-public', t('my.menu.porPublic'), paths.porPublic),
      ],
    },
    { heading: t('my.menu.products'), items: products },
    {
      heading: t('my.menu.orders'),
      items: [
        pageEntry('menu-shop-orders', t('my.menu.shopOrders'), paths.shopOrderList),
        pageEntry('menu-withdraw-orders', t('my.menu.withdrawOrders'), paths.withdrawalList),
      ],
    },
    ...(adminPages.length > 0
      ? [
          {
            heading: t('my.admin.heading'),
            items: adminPages.map((page) => pageEntry(`menu-admin-${page.key}`, t(page.labelKey), page.path)),
          },
        ]
      : []),
    {
      items: [
        pageEntry('menu-language', t('my.menu.language'), paths.selectLanguage),
        logoutEntry('this', 'menu-logout', 'my.menu.logout', logout),
        logoutEntry('all', 'menu-logout-all', 'my.menu.logoutAll', logoutEverywhere),
      ],
    },
  ];

  return (
    <div className="page">
      <section className="card" data-testid="my-account">
        <p className="account-address" title={address}>
          {shortAddress(address)}
        </p>
        <p className="muted">{t(`level.${levelKey(level)}`)}</p>
      </section>
      <Banners />
      {sections.map((section) => (
        <Fragment key={section.items[0]?.testId}>
          {section.heading && <p className="menu-heading">{section.heading}</p>}
          <ul className="menu card">
            {section.items.map((item) => (
              <MenuItem key={item.testId} {...item} />
            ))}
          </ul>
        </Fragment>
      ))}
    </div>
  );
}
