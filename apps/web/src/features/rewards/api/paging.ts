import type { Reward, RewardList } from '@agc/shared';
import { nextPageParam, uniqueItems } from '@web/lib/paged-list.ts';

/** Rewards per page of the lists. */
export const REWARD_PAGE_SIZE = 20;

export { nextPageParam };

/** Every reward of the loaded pages, each once (a reward can shift pages while new ones arrive). */
export const flattenRewards = (pages: readonly Pick<RewardList, 'list'>[] | undefined): Reward[] =>
  uniqueItems(pages, (reward) => reward.id);
