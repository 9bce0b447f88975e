import type { Order } from '@agc/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { PagedList, type PagedListProps, pagingProps } from '@web/components/PagedList.tsx';
import { flattenOrders, type OrderPage } from '../api/get-orders.ts';

type Paging = 'items' | 'itemKey' | 'isPending' | 'error' | 'hasMore' | 'loadMore' | 'refresh';

/** A PagedList of the orders an order list query has loaded (each once, by id); `refresh` replaces the query's. */
export function OrderList({
  query,
  ...props
}: { query: UseInfiniteQueryResult<InfiniteData<OrderPage>> } & Omit<PagedListProps<Order>, Paging> &
  Partial<Pick<PagedListProps<Order>, 'refresh'>>) {
  return (
    <PagedList
      items={flattenOrders(query.data?.pages)}
      itemKey={(order) => order.order_id}
      {...pagingProps(query)}
      {...props}
    />
  );
}
