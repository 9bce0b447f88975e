import { transferAbi } from '@agc/contracts';
import type { PayStep, TxResponse } from '@agc/shared';
import { encodeFunctionData, erc20Abi } from 'viem';
import type { ChainContext } from '../../context.ts';
import type { OrderView } from './orders.ts';

/**
 * The wallet transaction of one payment step, built for this order and its member only:
 * authAmc approves the AGC fee and authUsd the USDT price to the payment contract, paying calls
 * pay(orderId, usdt, agc) on it. The amounts are the order's quote, so a payment built here always
 * matches what the chain watcher checks.
 */
export function buildStepTx(chain: ChainContext, order: OrderView, step: PayStep): TxResponse {
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
    case 'paying':
      return {
        step,
        contract: 'transfer',
        amount: order.priceUsdt.toString(),
        tx: tx(
          chain.contracts.transfer,
          encodeFunctionData({
            abi: transferAbi,
            functionName: 'pay',
            args: [order.id, order.priceUsdt, order.feeAgc],
          }),
        ),
      };
  }
}
