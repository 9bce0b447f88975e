import { levelKey, shortAddress } from '@agc/shared';
import { useLogout } from '@web/features/auth/hooks/use-logout.tsx';
import { useMe } from '@web/lib/me.ts';
import { openPage, openTab } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { LOCAL_WALLET_RDNS } from '@web/lib/wallet/discovery.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { useTranslation } from 'react-i18next';
import { AccountMenu, type MenuSection } from './AccountMenu.tsx';
import { adminPagesFor } from './admin-pages.ts';
import { Banners } from './banners/Banners.tsx';
import './my.css';

/**
 * Account (tab 3): the banners, the account menu of the spec (with the local wallet when the member signed in
 * with it), an Admin section with the admin pages the member's roles open (none without a role), then Log out
 * and Log out everywhere.
 */
export default function MyPage() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  const stored = useWalletStore((s) => s.userInfo);
  const walletRdns = useWalletStore((s) => s.walletRdns);
  // The roles as the server says now; the stored user info until it answers.
  const me = useMe().data ?? stored;
  const level = me?.level;
  const adminPages = adminPagesFor(me?.roles ?? []);
  const { pending, logout, logoutEverywhere } = useLogout();
  const logoutEntry = (kind: 'this' | 'all', testId: string, labelKey: string, run: () => Promise<void>) => ({
    testId,
    label: pending === kind ? t('my.loggingOut') : t(labelKey),
    onClick: () => void run(),
    disabled: pending !== null,
    busy: pending === kind,
    danger: true,
  });
  const sections: MenuSection[] = [
    {
      items: [
        { testId: 'menu-rewards', label: t('my.menu.rewards'), onClick: () => openTab(paths.rewardList) },
        { testId: 'menu-invite', label: t('my.menu.invite'), onClick: () => openPage(paths.invite) },
        {
          testId: 'menu-por-verify',
          label: t('my.menu.porVerify'),
          onClick: () => openPage(paths.porVerify),
        },
        {
          testId: 'menu-por-public',
          label: t('my.menu.porPublic'),
          onClick: () => openPage(paths.porPublic),
        },
        ...(walletRdns === LOCAL_WALLET_RDNS
          ? [
              {
                testId: 'menu-local-wallet',
                label: t('my.menu.localWallet'),
                onClick: () => openPage(paths.localWallet),
              },
            ]
          : []),
      ],
    },
    {
      heading: t('my.menu.orders'),
      items: [
        {
          testId: 'menu-shop-orders',
          label: t('my.menu.shopOrders'),
          onClick: () => openPage(paths.shopOrderList),
        },
        {
          testId: 'menu-withdraw-orders',
          label: t('my.menu.withdrawOrders'),
          onClick: () => openPage(paths.withdrawalList),
        },
      ],
    },
    ...(adminPages.length > 0
      ? [
          {
            heading: t('my.admin.heading'),
            items: adminPages.map((page) => ({
              testId: `menu-admin-${page.key}`,
              label: t(page.labelKey),
              onClick: () => openPage(page.path),
            })),
          },
        ]
      : []),
    {
      items: [
        {
          testId: 'menu-language',
          label: t('my.menu.language'),
          onClick: () => openPage(paths.selectLanguage),
        },
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
      <AccountMenu sections={sections} />
    </div>
  );
}
