/**
 * The id spaces of the payment contract's `pay(orderId, …)`: shop orders pay their own id (below 2^128), fund
 * subscriptions FUND_ORDER_TAG | their id. The two never meet, so each module's Paid handler takes its own ids
 * and a payment is never applied to the wrong kind of order.
 */
export const FUND_ORDER_TAG = 1n << 128n;

export const isShopOrderId = (onChainId: bigint) => onChainId < FUND_ORDER_TAG;
export const isFundOrderId = (onChainId: bigint) =>
  onChainId >= FUND_ORDER_TAG && onChainId < FUND_ORDER_TAG * 2n;
export const onChainFundOrderId = (orderId: bigint) => FUND_ORDER_TAG | orderId;
export const fundOrderIdOf = (onChainId: bigint) => onChainId - FUND_ORDER_TAG;
