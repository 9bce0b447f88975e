// The real dependencies of the payment runner: the server's endpoints, and the session's wallet and
// the chain reads of lib/wallet/transaction.ts (plus the ERC-20 allowance the approvals check).
import type { PayStep, PublicConfig, TxResponse } from '@agc/shared';
import { sessionStepPaymentDeps } from '@web/lib/wallet/transaction.ts';
import { getApproveAgcTx } from '../api/get-approve-agc-tx.ts';
import { getApproveUsdtTx } from '../api/get-approve-usdt-tx.ts';
import { getPayTx } from '../api/get-pay-tx.ts';
import { reportOrderPaid } from '../api/post-order-pay.ts';
import { payProgressStore } from '../stores/pay-progress.ts';
import type { PaymentContracts, PaymentDeps } from './run-payment.ts';

const FETCHERS: Record<PayStep, (orderId: string) => Promise<TxResponse>> = {
  authAmc: getApproveAgcTx,
  authUsd: getApproveUsdtTx,
  paying: getPayTx,
};

export function paymentContracts(config: PublicConfig): PaymentContracts {
  return { token: config.contracts.token, usdt: config.contracts.usdt, transfer: config.contracts.transfer };
}

export function createPaymentDeps(config: PublicConfig): PaymentDeps {
  return {
    ...sessionStepPaymentDeps(config),
    fetchStepTx: (step, orderId) => FETCHERS[step](orderId),
    reportPaid: reportOrderPaid,
    progress: payProgressStore,
  };
}
