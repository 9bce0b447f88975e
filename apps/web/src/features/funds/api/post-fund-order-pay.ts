import { type FundOrder, fundOrderSchema } from '@agc/shared';
import { post } from '@web/lib/request.ts';

/** POST /funds/orders/pay {order_id, tx_hash}: reports the mined payment (→ Paid). Silent: the sheet shows errors. */
export const reportFundOrderPaid = (orderId: string, txHash: string): Promise<FundOrder> =>
  post(
    '/funds/orders/pay',
    { order_id: orderId, tx_hash: txHash },
    { schema: fundOrderSchema, silent: true },
  );
