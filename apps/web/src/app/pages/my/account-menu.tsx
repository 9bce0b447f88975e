import { ChevronIcon } from '@web/components/Icons.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { fundsShownIn } from '@web/features/funds/model/locales.ts';
import { openPage, openTab } from '@web/lib/navigation.ts';
import { type PathKey, paths } from '@web/lib/paths.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface MenuEntry {
  testId: string;
  label: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  busy?: boolean;
}

export function MenuItem({ testId, label, onClick, danger, disabled, busy }: MenuEntry) {
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

/** An entry that opens the page at `path` (a tab page, switched to, with `tab`). */
export const pageEntry = (testId: string, label: string, path: string, tab = false): MenuEntry => ({
  testId,
  label,
  onClick: () => (tab ? openTab(path) : openPage(path)),
});

/**
 * Every product the app has, reachable from the Account menu as well as from home's tiles and the carousel: funds
 * (in the languages the configuration shows them in), simple earn, the launchpad, the exchange and the local
 * wallet, with the Assets view that sums them.
 */
const PRODUCTS: readonly { key: PathKey; labelKey: string }[] = [
  { key: 'assets', labelKey: 'my.menu.assets' },
  { key: 'fundProducts', labelKey: 'my.menu.funds' },
  { key: 'earn', labelKey: 'my.menu.earn' },
  { key: 'launchpad', labelKey: 'my.menu.launchpad' },
  { key: 'exchange', labelKey: 'my.menu.exchange' },
  { key: 'localWallet', labelKey: 'my.menu.localWallet' },
];

/** The Products section's entries (`menu-product-<key>`). */
export function useProductEntries(): MenuEntry[] {
  const { t, i18n } = useTranslation();
  const config = usePublicConfig();
  return PRODUCTS.filter((p) => p.key !== 'fundProducts' || fundsShownIn(i18n.language, config.data)).map(
    (p) => pageEntry(`menu-product-${p.key}`, t(p.labelKey), paths[p.key]),
  );
}
