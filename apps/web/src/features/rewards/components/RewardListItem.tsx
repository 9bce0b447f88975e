import '../rewards.css';
import type { Reward } from '@agc/shared';
import { ItemButton } from '@web/components/ItemButton.tsx';
import { formatAgc, formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { GROUP_KEYS, isPositive, wasCapped } from '../format.ts';
import { CappedMark } from './CappedMark.tsx';

/** The header of a date group (today, yesterday, older) before its first reward. */
export function RewardGroupHeader({ group }: { group: Reward['group'] }) {
  const { t } = useTranslation();
  return (
    <h3 className="reward-group" data-testid={`rewards-group-${group}`}>
      {t(`rewards.group.${GROUP_KEYS[group]}`)}
    </h3>
  );
}

/**
 * One reward of the list: kind, amount credited (due − cut), credit time, USDT / AGC split, capped mark. A reward
 * the caps took whole folds into one line (kind, what was capped and why, time): no "0.00 USDT" and no "0.00 + 0.00".
 */
export function RewardListItem({ reward, onOpen }: { reward: Reward; onOpen: (reward: Reward) => void }) {
  const { t } = useTranslation();
  if (!isPositive(reward.amount) && wasCapped(reward))
    return (
      <ItemButton
        className="reward-item reward-item--folded"
        data-testid={`reward-item-${reward.id}`}
        data-kind={reward.kind}
        data-group={reward.group}
        data-folded="true"
        onClick={() => onOpen(reward)}
      >
        <span className="reward-item-head">
          <span className="reward-kind" data-testid="reward-kind">
            {t(`rewards.kind.${reward.kind}`)}
          </span>
          <CappedMark reward={reward} />
          <span className="muted small" data-testid="reward-time">
            {formatEventTime(reward.created_at, t)}
          </span>
        </span>
      </ItemButton>
    );
  return (
    <ItemButton
      className="reward-item"
      data-testid={`reward-item-${reward.id}`}
      data-kind={reward.kind}
      data-group={reward.group}
      onClick={() => onOpen(reward)}
    >
      <span className="reward-item-head">
        <span className="reward-kind" data-testid="reward-kind">
          {t(`rewards.kind.${reward.kind}`)}
        </span>
        <span
          className={isPositive(reward.amount) ? 'reward-amount' : 'reward-amount reward-amount--zero'}
          data-testid="reward-amount"
        >
          {formatUsdt(reward.amount)}
        </span>
      </span>
      <span className="reward-item-row muted small">
        <span data-testid="reward-time">{formatEventTime(reward.created_at, t)}</span>
        <span>
          <span data-testid="reward-usdt">{formatUsdt(reward.credited_usdt)}</span>
          {' + '}
          <span data-testid="reward-agc">{formatAgc(reward.credited_agc)}</span>
        </span>
      </span>
      <CappedMark reward={reward} />
    </ItemButton>
  );
}
