/**
 * The shop: products, orders with their quotes, the payment steps (approve, pay), payment ingestion
 * (the Transfer contract's Paid events) and confirmation, and the auditors' order actions.
 */
export { shopAdminRoutes } from './admin-routes.ts';
export type { PaidEvent, PaymentOutcome } from './confirmation.ts';
export { orderExpiryJob } from './jobs.ts';
export { ingestPaidEvents, paidEvents, paymentEvents } from './payments.ts';
export type { OrderView } from './repository.ts';
export { type OrderCredits, type OrderReversal, orderCredits, reverseOrder } from './reversal.ts';
export { shopRoutes } from './routes.ts';
export { createOrder, expireOrders, expireReports, REASONS, seedProducts } from './service.ts';
export { buildStepTx } from './tx.ts';
