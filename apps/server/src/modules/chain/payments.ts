import { type PaymentQuote, signPaymentQuote, transferAbi } from '@agc/contracts';
import type { DbOrTx } from '@agc/db';
import { ErrorCode, type TxResponse } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { AppError, badRequest } from '@server/lib/errors.ts';
import {
  encodeFunctionData,
  erc20Abi,
  getAbiItem,
  type Log,
  parseEventLogs,
  TransactionReceiptNotFoundError,
  toEventSelector,
} from 'viem';
import { chainClient } from './client.ts';
import { byChainOrder, type EventPlace, eventKey, setOutcomes, storeEvents } from './repository.ts';
import { quoteSigner } from './signers.ts';

/**
 * The payment contract's side that shop orders and fund subscriptions share: decoding its Paid events, checking a
 * reported payment's receipt, and building the approve and pay transactions. Each module keeps its own id space
 * (payment-ids.ts) and its own rules of what a payment must match.
 */

/** A Paid event of the payment contract; `orderId` is the id paid on chain. */
export interface PaidLog extends EventPlace {
  orderId: bigint;
  /** Lower case. */
  payer: string;
  usdtAmount: bigint;
  agcAmount: bigint;
}

const PAID_TOPIC = toEventSelector(getAbiItem({ abi: transferAbi, name: 'Paid' }));

/** The Paid arguments viem's getLogs already decoded (it decodes the events it is asked for), when complete. */
function decodedArgs(log: Log): PaidArgs | undefined {
  const { eventName, args } = log as Log & { eventName?: string; args?: Partial<PaidArgs> };
  if (eventName !== 'Paid' || !args) return undefined;
  const { orderId, payer, usdtAmount, agcAmount } = args;
  if (
    typeof orderId !== 'bigint' ||
    typeof payer !== 'string' ||
    typeof usdtAmount !== 'bigint' ||
    typeof agcAmount !== 'bigint'
  )
    return undefined;
  return { orderId, payer, usdtAmount, agcAmount };
}

interface PaidArgs {
  orderId: bigint;
  payer: string;
  usdtAmount: bigint;
  agcAmount: bigint;
}

/**
 * The payment contract's Paid events among a range's logs, decoded once per logs array: the shop and the funds each
 * take theirs from the same read, and logs viem's getLogs decoded already are not decoded again (decoding is most of
 * the watcher's process time after the read itself).
 */
const decodedPaid = new WeakMap<Log[], { transfer: string; paid: PaidLog[] }>();

function allPaidLogs(ctx: AppContext, logs: Log[]): PaidLog[] {
  const transfer = ctx.chain.contracts.transfer.toLowerCase();
  const cached = decodedPaid.get(logs);
  if (cached?.transfer === transfer) return cached.paid;
  const paid: PaidLog[] = [];
  for (const l of logs) {
    if (l.address.toLowerCase() !== transfer || l.topics[0] !== PAID_TOPIC) continue;
    if (!l.transactionHash || l.blockNumber === null || !l.blockHash || l.logIndex === null) continue;
    const args =
      decodedArgs(l) ?? parseEventLogs({ abi: transferAbi, eventName: 'Paid', logs: [l] })[0]?.args;
    if (!args) continue;
    paid.push({
      txHash: l.transactionHash.toLowerCase(),
      logIndex: l.logIndex,
      blockNumber: l.blockNumber,
      blockHash: l.blockHash.toLowerCase(),
      orderId: args.orderId,
      payer: args.payer.toLowerCase(),
      usdtAmount: args.usdtAmount,
      agcAmount: args.agcAmount,
    });
  }
  decodedPaid.set(logs, { transfer, paid });
  return paid;
}

/** The payment contract's Paid events among logs whose on-chain id `accept` takes (others, other contracts: ignored). */
export function paidLogs(ctx: AppContext, logs: Log[], accept: (onChainId: bigint) => boolean): PaidLog[] {
  return allPaidLogs(ctx, logs).filter((e) => accept(e.orderId));
}

/** A Paid event as a module reads it: its place and amounts; the module names its on-chain id. */
export type PaidEventOf<Id extends string> = Omit<PaidLog, 'orderId'> & Record<Id, bigint>;

/**
 * Ingests a module's Paid events inside the caller's transaction: each is stored once (unique on chain id, tx hash,
 * log index; args.orderId carries the full on-chain id, read from the event's `idKey`); only the ones stored now are
 * applied, in chain order, and each one's outcome (`outcome` names it) is recorded on its row, so reading a range
 * twice, or two processes reading it, applies nothing twice. chain_events.order_id is set only when `idKey` is
 * `orderId` (that column holds shop order ids). Returns how many were new.
 */
export async function ingestPaid<Id extends string, E extends PaidEventOf<Id>, O extends string>(
  ctx: AppContext,
  tx: DbOrTx,
  events: E[],
  idKey: Id,
  apply: (todo: E[]) => Promise<O[]>,
  outcome: (o: O) => string,
): Promise<number> {
  const fresh = await storeEvents(
    ctx,
    tx,
    events.map((e) => ({
      ...e,
      contract: 'transfer',
      name: 'Paid',
      orderId: idKey === 'orderId' ? e[idKey] : undefined,
      args: {
        orderId: e[idKey].toString(),
        payer: e.payer,
        usdtAmount: e.usdtAmount.toString(),
        agcAmount: e.agcAmount.toString(),
      },
    })),
  );
  if (fresh.size === 0) return 0;
  const todo = events.filter((e) => fresh.has(eventKey(e))).sort(byChainOrder);
  const outcomes = await apply(todo);
  await setOutcomes(
    tx,
    todo.map((e, i) => ({ id: defined(fresh.get(eventKey(e))), outcome: outcome(defined(outcomes[i])) })),
  );
  return fresh.size;
}

/**
 * A reported payment must be real: its receipt exists, succeeded and holds a Paid event (among those `accept`
 * takes) that `pays` the order. So nobody can park a hash that is not mined, that failed, or that pays another
 * order on an order. Crediting still waits for the watcher at finality. Translated refusals.
 */
export async function assertReportPays(
  ctx: AppContext,
  hash: `0x${string}`,
  accept: (onChainId: bigint) => boolean,
  pays: (event: PaidLog) => boolean,
): Promise<void> {
  let receipt: Awaited<ReturnType<ReturnType<typeof chainClient>['getTransactionReceipt']>> | null;
  try {
    receipt = await chainClient(ctx.chain).getTransactionReceipt({ hash });
  } catch (e) {
    if (e instanceof TransactionReceiptNotFoundError) receipt = null;
    else throw new AppError(ErrorCode.unavailable, 'order.report_chain_unavailable');
  }
  if (!receipt) throw badRequest('order.report_not_found');
  if (receipt.status !== 'success') throw badRequest('order.report_reverted');
  if (!paidLogs(ctx, receipt.logs, accept).some(pays)) throw badRequest('order.report_other_order');
}

/** A payment step's transaction, without its step name (the caller's). */
export type StepTx = Omit<TxResponse, 'step'>;

const walletTx = (ctx: AppContext, from: `0x${string}`, to: `0x${string}`, data: `0x${string}`) => ({
  from,
  to,
  data,
  value: '0x0' as const,
  chain_id: ctx.chain.id,
});

/**
 * Approves `amount` of the AGC token or USDT to the payment contract, from the paying member's wallet, with the
 * approve(…, 0) that must come first when the wallet's allowance is non-zero and too small: Tether's USDT reverts an
 * approve from one non-zero allowance to another (the client reads the allowance and sends `reset_tx` first).
 */
export function approveTx(
  ctx: AppContext,
  from: `0x${string}`,
  token: 'token' | 'usdt',
  amount: bigint,
): StepTx {
  const { contracts } = ctx.chain;
  const approve = (value: bigint) =>
    walletTx(
      ctx,
      from,
      token === 'token' ? contracts.agc : contracts.usdt,
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [contracts.transfer, value] }),
    );
  return { contract: token, amount: amount.toString(), tx: approve(amount), reset_tx: approve(0n) };
}

/**
 * pay(orderId, usdt, agc, deadline, signature) with the server's signed quote: only the quoted payer can pay, only
 * those amounts, before the deadline (a payment mined later reverts instead of arriving too late).
 */
export async function payTx(ctx: AppContext, quote: PaymentQuote): Promise<StepTx> {
  const { chain } = ctx;
  const signature = await signPaymentQuote(quoteSigner(ctx), chain.id, chain.contracts.transfer, quote);
  return {
    contract: 'transfer',
    amount: quote.usdtAmount.toString(),
    reset_tx: null,
    tx: walletTx(
      ctx,
      quote.payer,
      chain.contracts.transfer,
      encodeFunctionData({
        abi: transferAbi,
        functionName: 'pay',
        args: [quote.orderId, quote.usdtAmount, quote.agcAmount, quote.deadline, signature],
      }),
    ),
  };
}
