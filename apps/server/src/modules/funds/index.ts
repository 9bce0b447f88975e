/**
 * Funds (docs/product-rules.md "Funds"): products, NAV publishing, forward-priced subscriptions paid on chain, holdings,
 * redemptions, monthly bills and fund earnings. See README.md for which file holds which rule.
 */
export { FUND_ACCOUNTS, fundAsset } from './accounts.ts';
export { fundAdminRoutes } from './admin-routes.ts';
export { closeDueMonths, closeMonth, csvCell } from './bills/service.ts';
export { seedDemoHolding, seedFundProducts } from './demo/service.ts';
export { memberFundFigures } from './earnings/repository.ts';
export { settleDueFundDays, settleFundEarnings } from './earnings/service.ts';
export { fundJobs } from './jobs.ts';
export * from './math.ts';
export { type PricedCounts, priceAtNav } from './nav/pricing.ts';
export { latestNavs, nextNavDay, type PublishedNav } from './nav/repository.ts';
export { confirmNav, publishNav, rejectNav } from './nav/service.ts';
export {
  applyFundPayments,
  FUND_REASONS,
  type FundPaidEvent,
  fundPaidEvents,
  fundPaymentHandlers,
  ingestFundPaidEvents,
} from './orders/payments.ts';
export { WAITING_SUBSCRIPTION_STATES, waitingSubscriptions } from './orders/repository.ts';
export { reverseSubscription, type SubscriptionReversal, subscriptionCredits } from './orders/reversal.ts';
export { createFundOrder, expireFundOrders, fundSummary } from './orders/service.ts';
export { type FundProductRow, findFundProduct } from './products/repository.ts';
export { checkSubscriptionAmount, formatNav, toFundProduct } from './products/service.ts';
export {
  approveRedemption,
  cancelRedemption,
  createRedemption,
  rejectRedemption,
} from './redemptions/service.ts';
export { fundRoutes } from './routes.ts';
