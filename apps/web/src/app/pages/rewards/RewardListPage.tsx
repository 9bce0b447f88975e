import type { IncomeSummary, Reward } from '@agc/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList, pagingProps } from '../../../components/PagedList.tsx';
import { useRewards } from '../../../features/rewards/api/get-rewards.ts';
import type { RewardFilter } from '../../../features/rewards/api/keys.ts';
import { flattenRewards } from '../../../features/rewards/api/paging.ts';
import { useSettleManagement } from '../../../features/rewards/api/post-profit-mng.ts';
import { KindTabs } from '../../../features/rewards/components/KindTabs.tsx';
import { ManagementCard } from '../../../features/rewards/components/ManagementCard.tsx';
import { RewardGroupHeader, RewardListItem } from '../../../features/rewards/components/RewardListItem.tsx';
import { RewardSummary } from '../../../features/rewards/components/RewardSummary.tsx';
import { groupStarts } from '../../../features/rewards/format.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { openPage } from '../../../lib/navigation.ts';
import { paths, withQuery } from '../../../lib/paths.ts';
import { confirmModal, toast } from '../../../lib/ui.ts';

/**
 * Rewards (tab 1, route name "detail"): the income summary, the management settlement, and the member's
 * rewards filtered by kind, grouped today / yesterday / older, with pull-to-refresh and infinite scroll.
 */
export default function RewardListPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RewardFilter>('all');
  const rewards = useRewards(filter);
  const me = useMe();
  const settle = useSettleManagement();
  const [confirming, setConfirming] = useState(false);

  // Every list page carries the summary of all kinds: keep the last one while another filter loads.
  const lastSummary = useRef<IncomeSummary | undefined>(undefined);
  const summary = rewards.data?.pages[0]?.summary ?? lastSummary.current;
  lastSummary.current = summary;

  const items = flattenRewards(rewards.data?.pages);
  const starts = groupStarts(items);

  const open = (reward: Reward) => openPage(withQuery(paths.rewardDetail, { id: reward.id }));

  const onSettle = async () => {
    if (confirming || settle.isPending) return;
    setConfirming(true);
    try {
      const ok = await confirmModal({
        title: t('rewards.mng.confirmTitle'),
        content: t('rewards.mng.confirm'),
      });
      if (!ok) return;
      const result = await settle.mutateAsync();
      void toast(t('rewards.mng.settled', { amount: formatUsdt(result.reward.amount) }));
    } catch {
      // the request wrapper has shown the server's message (nothing to settle, say) as its 2 s toast
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="page rewards">
      <PagedList
        testId="rewards-list"
        header={
          <>
            <RewardSummary summary={summary} />
            <ManagementCard
              me={me}
              settling={confirming || settle.isPending}
              onSettle={() => void onSettle()}
            />
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
