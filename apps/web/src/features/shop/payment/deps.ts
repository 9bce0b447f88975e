// The real dependencies of the payment runner: the server's endpoints, the session's wallet
// (EIP-1193) and a viem public client on config.rpc_url.
import type { PayStep, PublicConfig, TxResponse } from '@agc/shared';
import type { Hex } from 'viem';
import { requestAccount } from '../../../lib/wallet/account.ts';
import { ensureChain } from '../../../lib/wallet/chain.ts';
import { WalletNotFoundError } from '../../../lib/wallet/errors.ts';
import { publicClientFor, readAllowance, waitForReceipt } from '../../../lib/wallet/rpc.ts';
import { sessionWallet } from '../../../lib/wallet/session.ts';
import { sendTransaction } from '../../../lib/wallet/transaction.ts';
import type { EIP1193Provider } from '../../../lib/wallet/types.ts';
import { useWalletStore } from '../../../stores/wallet.ts';
import { getApproveAgcTx } from '../api/get-approve-agc-tx.ts';
import { getApproveUsdtTx } from '../api/get-approve-usdt-tx.ts';
import { getPayTx } from '../api/get-pay-tx.ts';
import { reportOrderPaid } from '../api/post-order-pay.ts';
import { payProgressStore } from '../stores/pay-progress.ts';
import { type PaymentContracts, type PaymentDeps, sleep } from './run-payment.ts';

const FETCHERS: Record<PayStep, (orderId: string) => Promise<TxResponse>> = {
  authAmc: getApproveAgcTx,
  authUsd: getApproveUsdtTx,
  paying: getPayTx,
};

/** The wallet the member signed in with (found again by its rdns after a reload). */
async function walletProvider(): Promise<EIP1193Provider> {
  const wallet = await sessionWallet(useWalletStore.getState().walletRdns);
  if (!wallet) throw new WalletNotFoundError();
  return wallet.provider;
}

export function paymentContracts(config: PublicConfig): PaymentContracts {
  return { token: config.contracts.token, usdt: config.contracts.usdt, transfer: config.contracts.transfer };
}

export function createPaymentDeps(config: PublicConfig): PaymentDeps {
  const client = publicClientFor(config.rpc_url);
  let provider: Promise<EIP1193Provider> | null = null;
  const wallet = () => {
    provider ??= walletProvider().catch((error: unknown) => {
      provider = null;
      throw error;
    });
    return provider;
  };
  return {
    fetchStepTx: (step, orderId) => FETCHERS[step](orderId),
    reportPaid: reportOrderPaid,
    wallet: {
      account: async () => requestAccount(await wallet()),
      ensureChain: async () => {
        await ensureChain(await wallet(), config);
      },
      sendTransaction: async (tx) => sendTransaction(await wallet(), tx),
    },
    chain: {
      allowance: (token, owner, spender) => readAllowance(client, token as Hex, owner as Hex, spender as Hex),
      waitForReceipt: (hash) => waitForReceipt(client, hash),
    },
    progress: payProgressStore,
    sleep,
    now: () => Date.now(),
  };
}
