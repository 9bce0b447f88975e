import type { OrderStatus } from '@agc/shared';

/** The i18n key of an order list's status tab: "All" or the status's own name. */
export const orderFilterTextKey = (filter: OrderStatus | 'all'): string =>
  filter === 'all' ? 'order.all' : `order.status.${filter}`;
