import '../rewards.css';
import { Segmented } from '@web/components/Segmented.tsx';
import { useTranslation } from 'react-i18next';
import type { RewardFilter } from '../api/keys.ts';
import { REWARD_KINDS } from '../format.ts';

const FILTERS: readonly RewardFilter[] = ['all', ...REWARD_KINDS];

/**
 * The kind filter of the rewards tab: chips that wrap, so every kind is in sight at 390 px even with
 * the long names ("Recommendation/Market"); each is `rewards-tab-<all|kind>`.
 */
export function KindTabs({
  active,
  onChange,
}: {
  active: RewardFilter;
  onChange: (f: RewardFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <Segmented
      variant="chips"
      className="rewards-kinds"
      label={t('rewards.filter')}
      options={FILTERS.map((key) => ({
        key,
        label: t(key === 'all' ? 'rewards.all' : `rewards.kind.${key}`),
      }))}
      value={active}
      onChange={onChange}
      testIdPrefix="rewards-tab"
    />
  );
}
