import type { Reward } from '@agc/shared';
import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import type { RewardFilter } from '@web/features/rewards/api/keys.ts';
import { KindTabs } from '@web/features/rewards/components/KindTabs.tsx';
import { ManagementCard } from '@web/features/rewards/components/ManagementCard.tsx';
import { RewardGroupHeader, RewardListItem } from '@web/features/rewards/components/RewardListItem.tsx';
import { RewardSummary } from '@web/features/rewards/components/RewardSummary.tsx';
import { useRewardList } from '@web/features/rewards/hooks/use-reward-list.ts';
import { useSettle } from '@web/features/rewards/hooks/use-settle.ts';
import { useMe } from '@web/lib/me.ts';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useState } from 'react';

/**
 * Rewards (tab 1, route name "detail"): the income summary, the management settlement, and the member's
 * rewards filtered by kind, grouped today / yesterday / older, with pull-to-refresh and infinite scroll.
 */
export default function RewardListPage() {
  const [filter, setFilter] = useState<RewardFilter>('all');
  const { rewards, items, starts, summary } = useRewardList(filter);
  const me = useMe();
  const { settling, settle } = useSettle();

  const open = (reward: Reward) => openPage(withQuery(paths.rewardDetail, { id: reward.id }));

  return (
    <div className="page rewards">
      <PagedList
        testId="rewards-list"
        header={
          <>
            <RewardSummary summary={summary} failed={rewards.isError} />
            <ManagementCard me={me} settling={settling} onSettle={() => void settle()} />
            <KindTabs active={filter} onChange={setFilter} />
          </>
        }
        items={items}
        itemKey={(reward) => reward.id}
        renderItem={(reward) => {
          const group = starts.get(reward.id);
          return (
            <>
              {group !== undefined && <RewardGroupHeader group={group} />}
              <RewardListItem reward={reward} onOpen={open} />
            </>
          );
        }}
        {...pagingProps(rewards)}
        refresh={() => Promise.all([rewards.refetch(), me.refetch()])}
      />
    </div>
  );
}
