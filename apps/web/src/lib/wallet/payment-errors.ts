// Payment failures as typed errors, for every payment made of wallet steps (step-payment.ts: the shop's order,
// the fund subscription). The spec's rule: a wallet error with code -32603 means the token
// balance is insufficient (message.notToken), a refusal (4001) ends the attempt quietly, and any
// other failure of the payment is message.payError. The errors of the wallet path and the server keep
// their own text (lib/wallet/transaction-errors.ts), and so do the payment's own below.
import { AppError } from '../errors.ts';
import { errorCodes } from './errors.ts';
import { toTransactionFlowError } from './transaction-errors.ts';

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

/**
 * The order's quote (the shop's AGC fee at a fixed price, a fund's signed payment) is past quote_expires_at: a new
 * order is needed. `i18nKey`: the flow's own words for it.
 */
export class QuoteExpiredError extends AppError {
  override name = 'QuoteExpiredError';
  constructor(i18nKey = 'pay.errors.quoteExpired') {
    super('The quote of this order has expired', { i18nKey });
  }
}

/** The order is not waiting for payment (canceled, or paid already) and there is nothing to resume. */
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

const OWN = [PayError, QuoteExpiredError, OrderNotPayableError, WrongWalletError, UnexpectedTxError];

/** Maps any failure of the payment flow to what the member sees. */
export const toPayError = (error: unknown): Error =>
  toTransactionFlowError(
    error,
    OWN,
    (cause) =>
      new PayError(errorCodes(cause).includes(INSUFFICIENT_TOKEN_CODE) ? 'notToken' : 'failed', cause),
  );
