import '../rewards.css';
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
    <div className="rewards-kinds" role="tablist" aria-label={t('rewards.filter')}>
      {FILTERS.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={key === active}
          className="chip"
          data-testid={`rewards-tab-${key}`}
          onClick={() => key !== active && onChange(key)}
        >
          {t(key === 'all' ? 'rewards.all' : `rewards.kind.${key}`)}
        </button>
      ))}
    </div>
  );
}
