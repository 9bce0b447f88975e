/** Query keys of the funds feature, in one place so mutations invalidate exactly what they change. */
export const fundKeys = {
  products: ['fund-products'] as const,
  product: (id: number) => ['fund-product', id] as const,
  nav: (id: number, days: number) => ['fund-nav', id, days] as const,
  quote: (id: number, amount: string) => ['fund-quote', id, amount] as const,
  order: (orderId: string) => ['fund-order', orderId] as const,
  /** Every fund order list (the holdings pages' lists start with this key too). */
  orders: ['fund-orders'] as const,
  summary: ['fund-summary'] as const,
};
