import type { PayStep, TxResponse } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { approveTx, payTx } from '@server/modules/chain/index.ts';
import type { OrderView } from './repository.ts';

/**
 * The wallet transaction of one payment step, built for this order and its member only:
 * authAmc approves the AGC fee and authUsd the USDT price to the payment contract, paying calls
 * pay(orderId, usdt, agc, deadline, signature) on it with the server's signed quote. The payment contract
 * accepts a pay only with such a quote, from the quoted payer, before the quote's expiry: nobody can pay,
 * block or use up another member's order id. The amounts are the order's quote, so a payment built here
 * always matches what the chain watcher checks.
 */
export async function buildStepTx(ctx: AppContext, order: OrderView, step: PayStep): Promise<TxResponse> {
  const from = order.address as `0x${string}`;
  switch (step) {
    case 'authAmc':
      return { step, ...approveTx(ctx, from, 'token', order.feeAgc) };
    case 'authUsd':
      return { step, ...approveTx(ctx, from, 'usdt', order.priceUsdt) };
    case 'paying':
      return {
        step,
        ...(await payTx(ctx, {
          orderId: order.id,
          payer: from,
          usdtAmount: order.priceUsdt,
          agcAmount: order.feeAgc,
          deadline: BigInt(Math.floor(order.quoteExpiresAt.getTime() / 1000)),
        })),
      };
  }
}
