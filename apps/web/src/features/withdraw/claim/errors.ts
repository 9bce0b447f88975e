// Claim failures as typed errors. The same wallet handling as the shop's payment: a refusal in the
// wallet (4001) ends the attempt quietly; errors that tell the member what to do (no wallet, locked,
// busy, wrong network, not confirmed yet) keep their own text, and so do the server's answers
// (already translated); any other failure of the claim is 'The claim failed'.
import { AppError } from '../../../lib/errors.ts';
import { ApiError, RequestError } from '../../../lib/request.ts';
import {
  AddChainError,
  isUserRejection,
  SwitchChainError,
  UserRejectedRequestError,
  WalletBusyError,
  WalletNotFoundError,
  WalletUnauthorizedError,
} from '../../../lib/wallet/errors.ts';
import { ReceiptTimeoutError } from '../../../lib/wallet/rpc.ts';

export class ClaimError extends AppError {
  override name = 'ClaimError';
  constructor(cause?: unknown) {
    super('The claim failed', { cause, i18nKey: 'withdraw.errors.claimFailed' });
  }
}

/** The withdrawal is not Withdrawable (still Auditing, or Rejected): nothing to claim. */
export class NotClaimableError extends AppError {
  override name = 'NotClaimableError';
  constructor(readonly status: string) {
    super(`The withdrawal is ${status}`, { i18nKey: 'withdraw.errors.notClaimable' });
  }
}

/** The wallet's account is not the address the withdrawal (and its voucher) pays. */
export class ClaimWrongWalletError extends AppError {
  override name = 'ClaimWrongWalletError';
  constructor(expected: string) {
    super('The wallet account is not the address of this withdrawal', {
      i18nKey: 'withdraw.errors.wrongWallet',
      values: { address: expected },
    });
  }
}

/** The server built a claim for another contract, withdrawal or address than expected. */
export class UnexpectedClaimTxError extends AppError {
  override name = 'UnexpectedClaimTxError';
  constructor(detail: string) {
    super(`Unexpected claim transaction: ${detail}`, { i18nKey: 'withdraw.errors.unexpectedTx' });
  }
}

const KEEP = [
  ClaimError,
  NotClaimableError,
  ClaimWrongWalletError,
  UnexpectedClaimTxError,
  ApiError,
  RequestError,
  WalletNotFoundError,
  WalletUnauthorizedError,
  WalletBusyError,
  SwitchChainError,
  AddChainError,
  ReceiptTimeoutError,
];

/** Maps any failure of the claim flow to what the member sees. */
export function toClaimError(error: unknown): Error {
  if (KEEP.some((type) => error instanceof type)) return error as Error;
  if (isUserRejection(error))
    return error instanceof UserRejectedRequestError ? error : new UserRejectedRequestError(error);
  return new ClaimError(error);
}

/** A refusal in the wallet: the claim stops without an error message. */
export const isQuietClaimError = (error: unknown) => error instanceof UserRejectedRequestError;
