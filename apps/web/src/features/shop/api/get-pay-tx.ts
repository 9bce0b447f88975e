import { type TxResponse, txResponse } from '@agc/shared';
import { get } from '@web/lib/request.ts';

/** GET /order/tx/{order}: the payment itself (step paying), pay(orderId, usdt, agc). */
export const getPayTx = (orderId: string): Promise<TxResponse> =>
  get(`/order/tx/${encodeURIComponent(orderId)}`, undefined, { schema: txResponse, silent: true });
