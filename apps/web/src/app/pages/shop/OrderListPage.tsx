import type { Order, OrderStatus } from '@agc/shared';
import { useOrders } from '@web/features/shop/api/get-orders.ts';
import { OrderList } from '@web/features/shop/components/OrderList.tsx';
import { OrderListItem } from '@web/features/shop/components/OrderListItem.tsx';
import { OrderStatusTabs } from '@web/features/shop/components/OrderStatusTabs.tsx';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useState } from 'react';

const FILTERS = ['all', 'Unpaid', 'Verifying', 'Success', 'Canceled'] as const;
type Filter = (typeof FILTERS)[number];

/** The member's shop orders: status filter, pull-to-refresh, infinite scroll. */
export default function OrderListPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const orders = useOrders(filter === 'all' ? undefined : (filter as OrderStatus));
  const open = (order: Order) => openPage(withQuery(paths.shopOrderDetail, { order_id: order.order_id }));
  return (
    <div className="page order-list">
      <OrderStatusTabs keys={FILTERS} active={filter} onChange={setFilter} testIdPrefix="order-tab" />
      <OrderList
        query={orders}
        testId="order-list"
        renderItem={(order) => <OrderListItem order={order} onOpen={open} />}
      />
    </div>
  );
}
