import { levelKey, shortAddress } from '@agc/shared';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../../../components/Icons.tsx';
import { useLogout } from '../../../features/auth/hooks/use-logout.tsx';
import { openPage, openTab } from '../../../lib/navigation.ts';
import { paths } from '../../../lib/paths.ts';
import { useWalletStore } from '../../../stores/wallet.ts';

interface MenuEntry {
  testId: string;
  label: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  busy?: boolean;
}

function MenuItem({ testId, label, onClick, danger, disabled, busy }: MenuEntry) {
  return (
    <li>
      <button
        type="button"
        className={danger ? 'menu-item menu-item--danger' : 'menu-item'}
        data-testid={testId}
        disabled={disabled}
        aria-busy={busy || undefined}
        onClick={onClick}
      >
        <span>{label}</span>
        {!danger && <ChevronIcon />}
      </button>
    </li>
  );
}

/** Account (tab 3): the account menu of the spec, ending with Log out and Log out everywhere. */
export default function MyPage() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  const level = useWalletStore((s) => s.userInfo?.level);
  const { pending, logout, logoutEverywhere } = useLogout();
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
        { testId: 'menu-rewards', label: t('my.menu.rewards'), onClick: () => openTab(paths.rewardList) },
        { testId: 'menu-invite', label: t('my.menu.invite'), onClick: () => openPage(paths.invite) },
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
