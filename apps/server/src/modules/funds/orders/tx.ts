import type { TxResponse } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { approveTx, onChainFundOrderId, payTx } from '@server/modules/chain/index.ts';
import type { FundOrderView } from './repository.ts';

/**
 * The wallet transaction of one subscription payment step, for this order and its member only: authUsd approves
 * the amount of USDT to the payment contract, paying calls pay(FUND_ORDER_TAG | id, amount, 0, deadline, signature)
 * with the server's signed quote (the same hardened contract and signer as shop orders: only the quoted payer can
 * pay, before the quote's expiry). The amounts are the order's, so a payment built here matches what the watcher
 * checks.
 */
export async function buildFundStepTx(
  ctx: AppContext,
  order: FundOrderView,
  step: 'authUsd' | 'paying',
): Promise<TxResponse> {
  const from = order.address as `0x${string}`;
  if (step === 'authUsd') return { step, ...approveTx(ctx, from, 'usdt', order.amountUsdt) };
  return {
    step,
    ...(await payTx(ctx, {
      orderId: onChainFundOrderId(order.id),
      payer: from,
      usdtAmount: order.amountUsdt,
      agcAmount: 0n,
      deadline: BigInt(Math.floor(order.quoteExpiresAt.getTime() / 1000)),
    })),
  };
}
