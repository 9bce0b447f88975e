import { signPaymentQuote, transferAbi } from '@agc/contracts';
import type { PayStep, TxResponse } from '@agc/shared';
import { encodeFunctionData, erc20Abi } from 'viem';
import type { AppContext } from '../../context.ts';
import { quoteSigner } from '../chain/index.ts';
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
  const { chain } = ctx;
  const from = order.address as `0x${string}`;
  const tx = (to: `0x${string}`, data: `0x${string}`) => ({
    from,
    to,
    data,
    value: '0x0' as const,
    chain_id: chain.id,
  });
  switch (step) {
    case 'authAmc':
      return {
        step,
        contract: 'token',
        amount: order.feeAgc.toString(),
        tx: tx(
          chain.contracts.agc,
          encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [chain.contracts.transfer, order.feeAgc],
          }),
        ),
      };
    case 'authUsd':
      return {
        step,
        contract: 'usdt',
        amount: order.priceUsdt.toString(),
        tx: tx(
          chain.contracts.usdt,
          encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [chain.contracts.transfer, order.priceUsdt],
          }),
        ),
      };
    case 'paying': {
      const quote = {
        orderId: order.id,
        payer: from,
        usdtAmount: order.priceUsdt,
        agcAmount: order.feeAgc,
        // The quote's own expiry: a payment mined later reverts on chain instead of arriving too late.
        deadline: BigInt(Math.floor(order.quoteExpiresAt.getTime() / 1000)),
      };
      const signature = await signPaymentQuote(quoteSigner(ctx), chain.id, chain.contracts.transfer, quote);
      return {
        step,
        contract: 'transfer',
        amount: order.priceUsdt.toString(),
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
  }
}
