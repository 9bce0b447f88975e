import { signPaymentQuote, transferAbi } from '@agc/contracts';
import type { TxResponse } from '@agc/shared';
import { encodeFunctionData, erc20Abi } from 'viem';
import type { AppContext } from '../../context.ts';
import { onChainFundOrderId, quoteSigner } from '../chain/index.ts';
import type { FundOrderView } from './orders-repository.ts';

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
  const { chain } = ctx;
  const from = order.address as `0x${string}`;
  const tx = (to: `0x${string}`, data: `0x${string}`) => ({
    from,
    to,
    data,
    value: '0x0' as const,
    chain_id: chain.id,
  });
  if (step === 'authUsd')
    return {
      step,
      contract: 'usdt',
      amount: order.amountUsdt.toString(),
      tx: tx(
        chain.contracts.usdt,
        encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [chain.contracts.transfer, order.amountUsdt],
        }),
      ),
    };
  const quote = {
    orderId: onChainFundOrderId(order.id),
    payer: from,
    usdtAmount: order.amountUsdt,
    agcAmount: 0n,
    // The quote's own expiry: a payment mined later reverts on chain instead of arriving too late.
    deadline: BigInt(Math.floor(order.quoteExpiresAt.getTime() / 1000)),
  };
  const signature = await signPaymentQuote(quoteSigner(ctx), chain.id, chain.contracts.transfer, quote);
  return {
    step,
    contract: 'transfer',
    amount: order.amountUsdt.toString(),
    tx: tx(
      chain.contracts.transfer,
      encodeFunctionData({
        abi: transferAbi,
        functionName: 'pay',
        args: [quote.orderId, quote.usdtAmount, quote.agcAmount, quote.deadline, signature],
      }),
    ),
  };
}
