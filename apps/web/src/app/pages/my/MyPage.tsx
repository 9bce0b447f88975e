import { levelKey, shortAddress } from '@agc/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../../features/auth/hooks/use-logout.tsx';
import { navigateTo, switchTab } from '../../../lib/navigation.ts';
import { paths } from '../../../lib/paths.ts';
import { useWalletStore } from '../../../stores/wallet.ts';

const ignore = () => undefined;

function MenuItem({
  testId,
  label,
  onClick,
  danger,
  disabled,
  busy,
}: {
  testId: string;
  label: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  busy?: boolean;
}) {
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
        {!danger && (
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="m9 5 7 7-7 7" />
          </svg>
        )}
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

  return (
    <div className="page">
      <section className="card" data-testid="my-account">
        <p className="account-address" title={address}>
          {shortAddress(address)}
        </p>
        <p className="muted">{t(`level.${levelKey(level)}`)}</p>
      </section>
      <ul className="menu card">
        <MenuItem
          testId="menu-rewards"
          label={t('my.menu.rewards')}
          onClick={() => void switchTab(paths.rewardList).catch(ignore)}
        />
        <MenuItem
          testId="menu-invite"
          label={t('my.menu.invite')}
          onClick={() => void navigateTo(paths.invite).catch(ignore)}
        />
      </ul>
      <p className="menu-heading">{t('my.menu.orders')}</p>
      <ul className="menu card">
        <MenuItem
          testId="menu-shop-orders"
          label={t('my.menu.shopOrders')}
          onClick={() => void navigateTo(paths.shopOrderList).catch(ignore)}
        />
        <MenuItem
          testId="menu-withdraw-orders"
          label={t('my.menu.withdrawOrders')}
          onClick={() => void navigateTo(paths.withdrawalList).catch(ignore)}
        />
      </ul>
      <ul className="menu card">
        <MenuItem
          testId="menu-language"
          label={t('my.menu.language')}
          onClick={() => void navigateTo(paths.selectLanguage).catch(ignore)}
        />
        <MenuItem
          testId="menu-logout"
          label={pending === 'this' ? t('my.loggingOut') : t('my.menu.logout')}
          onClick={() => void logout()}
          disabled={pending !== null}
          busy={pending === 'this'}
          danger
        />
        <MenuItem
          testId="menu-logout-all"
          label={pending === 'all' ? t('my.loggingOut') : t('my.menu.logoutAll')}
          onClick={() => void logoutEverywhere()}
          disabled={pending !== null}
          busy={pending === 'all'}
          danger
        />
      </ul>
    </div>
  );
}
