import '../rewards.css';
import { levelKey, type Reward, shortAddress } from '@agc/shared';
import { type FieldRow, FieldRows } from '@web/components/FieldRows.tsx';
import { formatAgc, formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { formatPercent, wasCapped } from '../format.ts';

/** Every field of a reward, each as `reward-detail-<field>`: the spec's list, then what was due and cut. */
export function RewardFields({ reward }: { reward: Reward }) {
  const { t } = useTranslation();
  const capped = wasCapped(reward);
  const rows: FieldRow[] = [
    ['kind', t(`rewards.kind.${reward.kind}`)],
    ['created_at', formatEventTime(reward.created_at, t)],
    ['base', formatUsdt(reward.base)],
    ['rate', formatPercent(reward.rate)],
    [
      'source',
      reward.source_address ? (
        <span key="source" title={reward.source_address}>
          {shortAddress(reward.source_address)}
        </span>
      ) : (
        '—'
      ),
    ],
    [
      'level',
      reward.kind === 'management'
        ? t('rewards.rank', { rank: reward.level })
        : t(`level.${levelKey(reward.level)}`),
    ],
    ['amount', formatUsdt(reward.amount)],
    ['credited_usdt', formatUsdt(reward.credited_usdt)],
    ['credited_agc', formatAgc(reward.credited_agc)],
    ['due', formatUsdt(reward.due)],
    ['cut', formatUsdt(reward.cut)],
    [
      'cut_reason',
      capped && reward.cut_reason ? t(`rewards.cap.${reward.cut_reason}`) : t('rewards.cap.none'),
    ],
    ['day', reward.day],
  ];
  return <FieldRows rows={rows} labelPrefix="rewards.fields" testIdPrefix="reward-detail" />;
}
