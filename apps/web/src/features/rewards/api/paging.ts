import type { Reward, RewardList } from '@agc/shared';

/** Rewards per page of the lists. */
export const REWARD_PAGE_SIZE = 20;

/** The next page while the server says there is more (has_more), else none. */
export const nextPageParam = (last: Pick<RewardList, 'page' | 'has_more'>): number | undefined =>
  last.has_more ? last.page + 1 : undefined;

/** Every reward of the loaded pages, each once (a reward can shift pages while new ones arrive). */
export function flattenRewards(pages: readonly Pick<RewardList, 'list'>[] | undefined): Reward[] {
  const seen = new Set<string>();
  const out: Reward[] = [];
  for (const page of pages ?? [])
    for (const reward of page.list)
      if (!seen.has(reward.id)) {
        seen.add(reward.id);
        out.push(reward);
      }
  return out;
}
