import { type Order, orderSchema } from '@agc/shared';
import { post } from '@web/lib/request.ts';

/**
 * POST /order/pay {order_id, tx_hash}: reports the mined payment transaction → Verifying.
 * Silent: the payment flow shows its own error.
 */
export const reportOrderPaid = (orderId: string, txHash: string): Promise<Order> =>
  post('/order/pay', { order_id: orderId, tx_hash: txHash }, { schema: orderSchema, silent: true });
