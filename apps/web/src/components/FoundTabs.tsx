import { redirectTo } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { type FoundTab, useWalletStore } from '@web/stores/wallet.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTabs } from './StatusTabs.tsx';

const KEYS = ['products', 'holdings', 'agent'] as const;
type FoundTabKey = (typeof KEYS)[number];
const PATHS: Record<FoundTabKey, string> = {
  products: paths.fundProducts,
  holdings: paths.fundHoldings,
  agent: paths.fundEarnings,
};

const ignore = () => undefined;

/**
 * The found pages' tabs: Products (found home), Holdings (found my), Agent (found income). Each page renders it
 * with its own index, which is stored as the spec's found-tab key (`foundTab`: 0 home, 1 my, 2 income) on mount.
 * Switching replaces the page (the three are one screen with tabs: Back leaves them, it does not walk them).
 */
export function FoundTabs({ active }: { active: FoundTab }) {
  const { t } = useTranslation();
  const setFoundTab = useWalletStore((s) => s.setFoundTab);
  useEffect(() => {
    setFoundTab(active);
  }, [active, setFoundTab]);
  const activeKey = KEYS[active] ?? 'products';
  return (
    <StatusTabs
      keys={KEYS}
      active={activeKey}
      onChange={(key) => {
        setFoundTab(KEYS.indexOf(key) as FoundTab);
        void redirectTo(PATHS[key]).catch(ignore);
      }}
      title={(key) => t(`fund.tabs.${key}`)}
      testIdPrefix="found-tab"
      label={t('fund.tabs.label')}
    />
  );
}
