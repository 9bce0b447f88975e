import { type TxResponse, txResponse } from '@agc/shared';
import { get } from '@web/lib/request.ts';

/** GET /order/approve/agc/{order}: the AGC approval (step authAmc) for the payment contract. */
export const getApproveAgcTx = (orderId: string): Promise<TxResponse> =>
  get(`/order/approve/agc/${encodeURIComponent(orderId)}`, undefined, { schema: txResponse, silent: true });
