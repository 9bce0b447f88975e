// A fake wallet, chain and server for the payment flow (runner and checkout tests).
import type { Order, PayStep, TxResponse } from '@agc/shared';
import type { PaymentContracts, PaymentDeps, StepState } from '@web/features/shop/payment/run-payment.ts';
import { memoryProgressStore, type OrderProgress } from '@web/features/shop/stores/pay-progress.ts';
import { sleep } from '@web/lib/wallet/transaction.ts';
import type { WalletBalances } from '@web/lib/wallet-balances.ts';
import { decodeFunctionData, encodeFunctionData, erc20Abi } from 'viem';
import { CONFIG } from './config.ts';
import { MEMBER, makeOrder, NOW } from './fixtures.ts';
import type { ApiHandler } from './render.tsx';
import { fakeWaitForReceipt, fakeWallet, hash } from './wallet-fakes.ts';

export const CONTRACTS: PaymentContracts = {
  token: CONFIG.contracts.token,
  usdt: CONFIG.contracts.usdt,
  transfer: CONFIG.contracts.transfer,
};
export const AGC_FEE = 5n * 10n ** 18n;
export const USDT_PRICE = 100n * 10n ** 6n;
export { hash };

export const approveData = (spender: string, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as `0x${string}`, amount] });

/** The approval steps of a payment: which token each approves to the payment contract, and how much. */
type Approvals = Partial<Record<PayStep, { contract: 'token' | 'usdt'; amount: bigint }>>;

/** The shop's two approvals. */
const APPROVALS: Approvals = {
  authAmc: { contract: 'token', amount: AGC_FEE },
  authUsd: { contract: 'usdt', amount: USDT_PRICE },
};

/**
 * A step as the server builds it: `paying` transfers `payAmount` through the payment contract; an approval step
 * approves its token's amount to it (and resets the allowance to 0 first when one is left). `over`: the
 * transaction's fields a test changes.
 */
export function paymentStepTx(
  step: PayStep,
  approvals: Approvals,
  payAmount: bigint,
  over: Partial<TxResponse['tx']> = {},
): TxResponse {
  const base = { from: MEMBER, value: '0x0' as const, chain_id: 42161 };
  const approval = approvals[step];
  if (step === 'paying' || !approval)
    return {
      step,
      contract: 'transfer',
      amount: payAmount.toString(),
      tx: { ...base, to: CONTRACTS.transfer, data: '0xdeadbeef', ...over },
      reset_tx: null,
    };
  const { contract, amount } = approval;
  return {
    step,
    contract,
    amount: amount.toString(),
    tx: { ...base, to: CONTRACTS[contract], data: approveData(CONTRACTS.transfer, amount), ...over },
    reset_tx: { ...base, to: CONTRACTS[contract], data: approveData(CONTRACTS.transfer, 0n) },
  };
}

/** A step of the shop's payment (AGC fee and USDT price approved, then paid). */
export const stepTx = (step: PayStep, over: Partial<TxResponse['tx']> = {}) =>
  paymentStepTx(step, APPROVALS, USDT_PRICE, over);

/** A step of a fund subscription: `amount` USDT approved, then paid. */
export const fundStepTx = (
  step: 'authUsd' | 'paying',
  amount: bigint,
  over: Partial<TxResponse['tx']> = {},
) => paymentStepTx(step, { authUsd: { contract: 'usdt', amount } }, amount, over);

export interface Fake {
  deps: PaymentDeps;
  log: string[];
  progress: ReturnType<typeof memoryProgressStore>;
  allowances: Record<string, bigint>;
  clock: { now: number };
  states: [PayStep, StepState][];
}

export function fake(
  options: {
    progress?: Record<string, OrderProgress>;
    allowances?: Partial<Record<'token' | 'usdt', bigint>>;
    send?: (tx: TxResponse['tx']) => Promise<`0x${string}`>;
    receipt?: (h: `0x${string}`) => Promise<'success' | 'reverted'>;
    report?: (id: string, h: `0x${string}`) => Promise<Order>;
    account?: string;
    tx?: (step: PayStep) => TxResponse;
    realSleep?: boolean;
  } = {},
): Fake {
  const log: string[] = [];
  const progress = memoryProgressStore(options.progress);
  const allowances: Record<string, bigint> = {
    [CONTRACTS.token]: options.allowances?.token ?? 0n,
    [CONTRACTS.usdt]: options.allowances?.usdt ?? 0n,
  };
  const clock = { now: NOW };
  // Approvals as the tokens take them, USDT's (Tether's) rule included: from a non-zero allowance only to 0, else
  // the transaction is mined reverted and the allowance stays.
  let sentCount = 0;
  const reverted = new Set<string>();
  const onSent = (tx: TxResponse['tx']) => {
    sentCount += 1;
    if (tx.to !== CONTRACTS.token && tx.to !== CONTRACTS.usdt) return;
    const call = decodeFunctionData({ abi: erc20Abi, data: tx.data as `0x${string}` });
    if (call.functionName !== 'approve') return;
    const value = call.args[1];
    const current = allowances[tx.to] ?? 0n;
    if (tx.to === CONTRACTS.usdt && current !== 0n && value !== 0n) reverted.add(hash(sentCount));
    else allowances[tx.to] = value;
  };
  const deps: PaymentDeps = {
    fetchStepTx: async (step, id) => {
      log.push(`fetch:${step}:${id}`);
      return (options.tx ?? stepTx)(step);
    },
    reportPaid: async (id, h) => {
      log.push(`report:${id}:${h}`);
      return options.report ? options.report(id, h) : makeOrder({ status: 'Verifying', tx_hash: h });
    },
    wallet: fakeWallet(log, {
      account: options.account,
      send: options.send,
      // an approval that is mined sets the allowance
      onSent,
    }),
    chain: {
      allowance: async (token, owner, spender) => {
        log.push(`allowance:${token}:${owner}:${spender}`);
        return allowances[token] ?? 0n;
      },
      waitForReceipt: fakeWaitForReceipt(
        log,
        options.receipt ?? (async (h) => (reverted.has(h) ? 'reverted' : 'success')),
      ),
    },
    progress,
    sleep: options.realSleep
      ? sleep
      : async (ms) => {
          log.push(`sleep:${ms}`);
        },
    now: () => clock.now,
  };
  return { deps, log, progress, allowances, clock, states: [] };
}

/** The wallet holds enough for the default order (100 USDT + 5 AGC) and some ETH for gas. */
export const PLENTY: WalletBalances = { eth: 10n ** 17n, usdt: 500n * 10n ** 6n, agc: 50n * 10n ** 18n };

/**
 * The chain's RPC as the balances read it (eth_getBalance, balanceOf through eth_call on USDT or AGC), as a
 * stubApi route: the RPC of CONFIG is http://127.0.0.1:8545/.
 */
export function rpcBalances(balances: WalletBalances): Record<string, ApiHandler> {
  const word = (v: bigint) => `0x${v.toString(16).padStart(64, '0')}`;
  return {
    'POST /': (_url, body) => {
      const { id, method, params } = body as { id: number; method: string; params: [{ to?: string }] };
      const to = params[0]?.to?.toLowerCase();
      let result: string;
      if (method === 'eth_getBalance') result = `0x${balances.eth.toString(16)}`;
      else if (method === 'eth_call' && to === CONFIG.contracts.usdt.toLowerCase())
        result = word(balances.usdt);
      else if (method === 'eth_call' && to === CONFIG.contracts.token.toLowerCase())
        result = word(balances.agc);
      else return { body: { jsonrpc: '2.0', id, error: { code: -32601, message: `no ${method}` } } };
      return { body: { jsonrpc: '2.0', id, result } };
    },
  };
}
