import { type FundOrder, type FundOrderStatus, fundOrderStatus } from '@agc/shared';
import { FoundTabs } from '@web/components/FoundTabs.tsx';
import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { StatusTabs } from '@web/components/StatusTabs.tsx';
import { flattenFundOrders, useFundOrders } from '@web/features/fund-account/api/get-fund-orders.ts';
import { useFundSummary } from '@web/features/fund-account/api/get-fund-summary.ts';
import { FundOrderItem } from '@web/features/fund-account/components/FundOrderItem.tsx';
import { HoldingsSummary } from '@web/features/fund-account/components/HoldingsSummary.tsx';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/fund-account/fund-account.css';

const FILTERS = ['all', ...fundOrderStatus.options] as const;
type Filter = (typeof FILTERS)[number];

/** Found my (Holdings): the summary, the fund orders by status (paged, pull-to-refresh), the monthly bills. */
export default function FoundMyPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const orders = useFundOrders(filter === 'all' ? undefined : (filter as FundOrderStatus));
  const summary = useFundSummary();
  const open = (order: FundOrder) => openPage(withQuery(paths.fundOrderDetail, { id: order.order_id }));
  return (
    <div className="page fund-account fund-holdings">
      <FoundTabs active={1} />
      <StatusTabs
        keys={FILTERS}
        active={filter}
        onChange={setFilter}
        title={(key) => (key === 'all' ? t('fund.holdings.all') : t(`fund.status.order.${key}`))}
        testIdPrefix="fund-order-tab"
        className="fund-order-tabs"
        label={t('fund.holdings.statusLabel')}
      />
      <PagedList
        items={flattenFundOrders(orders.data?.pages)}
        itemKey={(order) => order.order_id}
        {...pagingProps(orders)}
        refresh={() => Promise.all([orders.refetch(), summary.refetch()])}
        header={
          <>
            <HoldingsSummary summary={summary} />
            <PageLink to={paths.fundBills} className="btn btn-secondary btn-block" testId="fund-bills-link">
              {t('fund.bills.open')}
            </PageLink>
            <h2 className="fund-section-title">{t('fund.holdings.orders')}</h2>
          </>
        }
        testId="fund-order-list"
        renderItem={(order) => <FundOrderItem order={order} onOpen={open} />}
      />
    </div>
  );
}
