import type { IncomeSummary } from '@agc/shared';
import { useRef } from 'react';
import { useRewards } from '../api/get-rewards.ts';
import type { RewardFilter } from '../api/keys.ts';
import { flattenRewards } from '../api/paging.ts';
import { groupStarts } from '../format.ts';

/**
 * The rewards tab's list for a filter: the query, its rewards (each once), where each date group starts, and the
 * income summary. Every list page carries the summary of all kinds: the last one stays while another filter loads.
 */
export function useRewardList(filter: RewardFilter) {
  const rewards = useRewards(filter);
  const lastSummary = useRef<IncomeSummary | undefined>(undefined);
  const summary = rewards.data?.pages[0]?.summary ?? lastSummary.current;
  lastSummary.current = summary;
  const items = flattenRewards(rewards.data?.pages);
  return { rewards, items, starts: groupStarts(items), summary };
}
