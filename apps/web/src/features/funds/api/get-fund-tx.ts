import { fundTxResponse, type TxResponse } from '@agc/shared';
import { get } from '@web/lib/request.ts';

export type FundPayStep = 'authUsd' | 'paying';

/** GET /funds/orders/{order_id}/tx?step=: the server-built wallet transaction of a payment step. */
export const getFundTx = (orderId: string, step: FundPayStep): Promise<TxResponse> =>
  get(`/funds/orders/${encodeURIComponent(orderId)}/tx`, { step }, { schema: fundTxResponse, silent: true });
