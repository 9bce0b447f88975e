// The subscription payment's failures as typed errors, with the texts the shop's payment uses (the same wallet
// steps, the same words): not enough USDT (wallet code -32603), any other failure, an expired quote, an order that
// is no longer UnPaid, the wrong wallet account, a transaction for another contract than the configured ones.
import { AppError } from '../../../lib/errors.ts';
import { errorCodes } from '../../../lib/wallet/errors.ts';
import { toTransactionFlowError } from '../../../lib/wallet/transaction-errors.ts';

export const INSUFFICIENT_TOKEN_CODE = -32603;

export class FundPayError extends AppError {
  override name = 'FundPayError';
  readonly reason: 'notToken' | 'failed';
  constructor(reason: 'notToken' | 'failed', cause?: unknown) {
    super(reason === 'notToken' ? 'The token balance is insufficient' : 'The payment failed', {
      cause,
      i18nKey: reason === 'notToken' ? 'message.notToken' : 'message.payError',
    });
    this.reason = reason;
  }
}

export class FundQuoteExpiredError extends AppError {
  override name = 'FundQuoteExpiredError';
  constructor() {
    super('The quote of this subscription has expired', { i18nKey: 'fund.buy.errors.quoteExpired' });
  }
}

export class FundOrderNotPayableError extends AppError {
  override name = 'FundOrderNotPayableError';
  constructor(readonly status: string) {
    super(`The subscription is ${status}`, { i18nKey: 'pay.errors.notPayable' });
  }
}

export class FundWrongWalletError extends AppError {
  override name = 'FundWrongWalletError';
  constructor(expected: string) {
    super('The wallet account is not the account of this subscription', {
      i18nKey: 'pay.errors.wrongWallet',
      values: { address: expected },
    });
  }
}

export class FundUnexpectedTxError extends AppError {
  override name = 'FundUnexpectedTxError';
  constructor(detail: string) {
    super(`Unexpected payment transaction: ${detail}`, { i18nKey: 'pay.errors.unexpectedTx' });
  }
}

const OWN = [
  FundPayError,
  FundQuoteExpiredError,
  FundOrderNotPayableError,
  FundWrongWalletError,
  FundUnexpectedTxError,
];

export const toFundPayError = (error: unknown): Error =>
  toTransactionFlowError(
    error,
    OWN,
    (cause) =>
      new FundPayError(errorCodes(cause).includes(INSUFFICIENT_TOKEN_CODE) ? 'notToken' : 'failed', cause),
  );
