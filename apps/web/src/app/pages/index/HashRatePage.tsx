import type { Order } from '@agc/shared';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { HashRateItem } from '@web/features/hashrate/components/HashRateItem.tsx';
import { HashRateSummary } from '@web/features/hashrate/components/HashRateSummary.tsx';
import { UnpaidOrders } from '@web/features/hashrate/components/UnpaidOrders.tsx';
import { flattenOrders, useOrders } from '@web/features/shop/api/get-orders.ts';
import { LazyPayPopup as PayPopup } from '@web/features/shop/components/LazyPayPopup.tsx';
import { OrderList } from '@web/features/shop/components/OrderList.tsx';
import { useCheckout } from '@web/features/shop/hooks/use-checkout.ts';
import { useMe } from '@web/lib/me.ts';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';

/**
 * Hash rate: the member's investments (confirmed orders) and their daily yield at the level's rate,
 * with the orders still waiting for payment above them; Pay runs the shop's payment steps (each
 * transaction as the server builds it, each waited for until it is confirmed).
 */
export default function HashRatePage() {
  const { t } = useTranslation();
  const me = useMe();
  const config = usePublicConfig();
  const confirmed = useOrders('Success');
  const unpaid = useOrders('Unpaid');
  const checkout = useCheckout({ onClose: () => void unpaid.refetch() });

  const open = (order: Order) => openPage(withQuery(paths.shopOrderDetail, { order_id: order.order_id }));

  const refresh = () => Promise.all([me.refetch(), unpaid.refetch(), confirmed.refetch()]);

  return (
    <div className="page hashrate">
      <OrderList
        query={confirmed}
        testId="hashrate-list"
        header={
          <>
            <HashRateSummary me={me} />
            <UnpaidOrders
              orders={flattenOrders(unpaid.data?.pages)}
              error={unpaid.error}
              hasMore={unpaid.hasNextPage}
              loadingMore={unpaid.isFetchingNextPage}
              loadMore={() => void unpaid.fetchNextPage()}
              retry={() => void unpaid.refetch()}
              opening={checkout.opening}
              onPay={(order) => void checkout.openLatest(order.order_id, () => void unpaid.refetch())}
            />
            <h3 className="hashrate-list-title">{t('hashRate.investments')}</h3>
          </>
        }
        renderItem={(order) => (
          <HashRateItem order={order} ratePercent={me.data?.dividend_rate} onOpen={open} />
        )}
        refresh={refresh}
      />
      <PayPopup {...checkout.popup} config={config.data} />
    </div>
  );
}
