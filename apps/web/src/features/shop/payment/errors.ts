// Payment failures as typed errors. The spec's rule: a wallet error with code -32603 means the token
// balance is insufficient (message.notToken), a refusal (4001) ends the attempt quietly, and any
// other failure of the payment is message.payError. Wallet errors that tell the member what to do
// (no wallet, locked, busy, wrong network, not confirmed yet) keep their own text, and so do the
// server's answers (already translated by the server).
import { AppError } from '../../../lib/errors.ts';
import { ApiError, RequestError } from '../../../lib/request.ts';
import {
  AddChainError,
  errorCodes,
  isUserRejection,
  SwitchChainError,
  UserRejectedRequestError,
  WalletBusyError,
  WalletNotFoundError,
  WalletUnauthorizedError,
} from '../../../lib/wallet/errors.ts';
import { ReceiptTimeoutError } from '../../../lib/wallet/rpc.ts';

/** The wallet or chain error code that means "not enough tokens" in this flow. */
export const INSUFFICIENT_TOKEN_CODE = -32603;

export class PayError extends AppError {
  override name = 'PayError';
  readonly reason: 'notToken' | 'failed';
  constructor(reason: 'notToken' | 'failed', cause?: unknown) {
    super(reason === 'notToken' ? 'The token balance is insufficient' : 'The payment failed', {
      cause,
      i18nKey: reason === 'notToken' ? 'message.notToken' : 'message.payError',
    });
    this.reason = reason;
  }
}

/** The order's quote (AGC fee at a fixed price) is past quote_expires_at: a new order is needed. */
export class QuoteExpiredError extends AppError {
  override name = 'QuoteExpiredError';
  constructor() {
    super('The quote of this order has expired', { i18nKey: 'pay.errors.quoteExpired' });
  }
}

/** The order is not Unpaid (canceled, or paid already) and there is nothing to resume. */
export class OrderNotPayableError extends AppError {
  override name = 'OrderNotPayableError';
  constructor(readonly status: string) {
    super(`The order is ${status}`, { i18nKey: 'pay.errors.notPayable' });
  }
}

/** The wallet's account is not the member's address the order belongs to. */
export class WrongWalletError extends AppError {
  override name = 'WrongWalletError';
  constructor(expected: string) {
    super('The wallet account is not the account of this order', {
      i18nKey: 'pay.errors.wrongWallet',
      values: { address: expected },
    });
  }
}

/** The server built a transaction for another contract or spender than the configured ones. */
export class UnexpectedTxError extends AppError {
  override name = 'UnexpectedTxError';
  constructor(detail: string) {
    super(`Unexpected payment transaction: ${detail}`, { i18nKey: 'pay.errors.unexpectedTx' });
  }
}

const KEEP = [
  PayError,
  QuoteExpiredError,
  OrderNotPayableError,
  WrongWalletError,
  UnexpectedTxError,
  ApiError,
  RequestError,
  WalletNotFoundError,
  WalletUnauthorizedError,
  WalletBusyError,
  SwitchChainError,
  AddChainError,
  ReceiptTimeoutError,
];

/** Maps any failure of the payment flow to what the member sees. */
export function toPayError(error: unknown): Error {
  if (KEEP.some((type) => error instanceof type)) return error as Error;
  if (isUserRejection(error))
    return error instanceof UserRejectedRequestError ? error : new UserRejectedRequestError(error);
  if (errorCodes(error).includes(INSUFFICIENT_TOKEN_CODE)) return new PayError('notToken', error);
  return new PayError('failed', error);
}

/** A refusal in the wallet: the flow stops without an error message. */
export const isQuietPayError = (error: unknown) => error instanceof UserRejectedRequestError;
