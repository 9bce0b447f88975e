import '../rewards.css';
import type { Reward } from '@agc/shared';
import { formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { wasCapped } from '../format.ts';

/** "Capped: {amount} by remaining dividends / the day top" when the caps took part of a reward; nothing otherwise. */
export function CappedMark({ reward }: { reward: Pick<Reward, 'cut' | 'cut_reason'> }) {
  const { t } = useTranslation();
  if (!wasCapped(reward)) return null;
  return (
    <span className="reward-capped" data-testid="reward-capped" data-cap={reward.cut_reason ?? ''}>
      {t(`rewards.capped.${reward.cut_reason ?? 'other'}`, { amount: formatUsdt(reward.cut) })}
    </span>
  );
}
