import type { Withdrawal } from '@agc/shared';
import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { flattenWithdrawals, useWithdrawals } from '@web/features/withdraw/api/get-withdraws.ts';
import { ClaimAction } from '@web/features/withdraw/components/ClaimAction.tsx';
import { WithdrawListItem } from '@web/features/withdraw/components/WithdrawListItem.tsx';
import {
  filterStatus,
  type WithdrawFilter,
  WithdrawStatusTabs,
} from '@web/features/withdraw/components/WithdrawStatusTabs.tsx';
import { useClaim } from '@web/features/withdraw/hooks/use-claim.ts';
import { navigateTo } from '@web/lib/navigation.ts';
import { useState } from 'react';
import '@web/features/withdraw/withdraw.css';
import { paths, withQuery } from '@web/lib/paths.ts';

const ignore = () => undefined;

/**
 * withdrawalOrderList: the member's withdrawals with a status filter, pull-to-refresh and infinite
 * scroll; a Withdrawable one has Claim (the vault transaction sent from the wallet, followed to
 * Success), disabled once the server says the withdrawal is being revoked (pull to refresh shows it
 * Rejected once the chain has confirmed the cancellation).
 */
export default function WithdrawalListPage() {
  const [filter, setFilter] = useState<WithdrawFilter>('all');
  const withdrawals = useWithdrawals(filterStatus(filter));
  const config = usePublicConfig();
  const claim = useClaim(config.data);
  const open = (w: Withdrawal) =>
    void navigateTo(withQuery(paths.withdrawalDetail, { withdraw_id: w.withdraw_id })).catch(ignore);

  return (
    <div className="page withdraw-list">
      <WithdrawStatusTabs all active={filter} onChange={setFilter} />
      <PagedList
        testId="withdraw-list"
        items={flattenWithdrawals(withdrawals.data?.pages)}
        itemKey={(w) => w.withdraw_id}
        renderItem={(w) => (
          <WithdrawListItem
            withdrawal={w}
            onOpen={open}
            action={<ClaimAction withdrawal={w} claim={claim} ready={Boolean(config.data)} />}
          />
        )}
        {...pagingProps(withdrawals)}
      />
    </div>
  );
}
