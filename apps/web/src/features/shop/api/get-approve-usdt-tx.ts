import { type TxResponse, txResponse } from '@agc/shared';
import { get } from '@web/lib/request.ts';

/** GET /order/approve/usdt/{order}: the USDT approval (step authUsd) for the payment contract. */
export const getApproveUsdtTx = (orderId: string): Promise<TxResponse> =>
  get(`/order/approve/usdt/${encodeURIComponent(orderId)}`, undefined, { schema: txResponse, silent: true });
