import type { ChainEventHandler } from '../chain/index.ts';

/**
 * The funds' part of the chain watcher: the payment contract's Paid events whose id carries FUND_ORDER_TAG
 * (chain/payment-ids.ts), applied to subscriptions. (Owned by the subscriptions work: fill in.)
 */
// biome-ignore lint/suspicious/noExplicitAny: handlers of different event types side by side
export const fundPaymentHandlers: ChainEventHandler<any>[] = [];
