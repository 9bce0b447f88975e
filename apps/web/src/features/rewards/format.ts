// How the rewards pages show amounts, rates and times: the shared display rules (2–4 decimals, en-US
// grouping) with the asset after the number, all on the decimal strings of the API.
import {
  AGC_DECIMALS,
  formatAmount,
  parseAmount,
  type Reward,
  type RewardKind,
  rewardKind,
} from '@agc/shared';

export const REWARD_KINDS: readonly RewardKind[] = rewardKind.options;

/** A percent rate without needless zeros ("10.00" → "10%", "0.60" → "0.6%"); as sent when not a plain decimal. */
export function formatPercent(rate: string): string {
  try {
    return `${formatAmount(parseAmount(rate, AGC_DECIMALS), AGC_DECIMALS)}%`;
  } catch {
    return `${rate}%`;
  }
}

/** Whether a decimal string is above zero (a cut worth marking); unreadable counts as zero. */
export function isPositive(value: string): boolean {
  try {
    return parseAmount(value, AGC_DECIMALS) > 0n;
  } catch {
    return false;
  }
}

/** The part of a reward the caps took, when they took anything. */
export const wasCapped = (reward: Pick<Reward, 'cut'>) => isPositive(reward.cut);

/** The date groups of the list (the API's `group`): today, yesterday, older. */
export const GROUP_KEYS = { 1: 'today', 2: 'yesterday', 3: 'older' } as const;

/**
 * The ids of the rewards that open a date group: the first of each group, in list order (the list is
 * newest first, so each group appears once; should one come back later, it gets no second header).
 */
export function groupStarts(rewards: readonly Pick<Reward, 'id' | 'group'>[]): Map<string, Reward['group']> {
  const seen = new Set<Reward['group']>();
  const starts = new Map<string, Reward['group']>();
  for (const reward of rewards)
    if (!seen.has(reward.group)) {
      seen.add(reward.group);
      starts.set(reward.id, reward.group);
    }
  return starts;
}
