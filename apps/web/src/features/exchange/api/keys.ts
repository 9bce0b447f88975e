/** Query keys of the exchange feature, in one place so mutations invalidate exactly what they change. */
export const exchangeKeys = {
  info: ['exchange-info'] as const,
  quote: (id: string) => ['exchange-quote', id] as const,
  history: ['exchange-history'] as const,
  priceChart: ['price-chart'] as const,
};
