// What the member sees when a flow that sends a server-built transaction (transaction.ts) fails: a
// refusal in the wallet (4001) ends the attempt quietly, except a rejection in the local wallet's review, which
// says that nothing was signed; errors that tell the member what to do (no
// wallet, locked, busy, wrong network, not confirmed yet) keep their own text, and so do the server's
// answers (already translated); anything else is the flow's own "failed" error. Each flow names its
// own errors (they keep their text too) and what a failure becomes.
import { ApiError, RequestError } from '../request.ts';
import {
  AddChainError,
  isUserRejection,
  SwitchChainError,
  TransactionReviewRejectedError,
  UserRejectedRequestError,
  WalletBusyError,
  WalletNotFoundError,
  WalletUnauthorizedError,
} from './errors.ts';
import { ReceiptTimeoutError } from './rpc.ts';

/** Any error class, whatever its constructor takes. */
type ErrorClass = abstract new (...args: never[]) => Error;

/** The errors of the wallet path and the server that reach the member as they are. */
export const KEPT_TRANSACTION_ERRORS: readonly ErrorClass[] = [
  ApiError,
  RequestError,
  WalletNotFoundError,
  WalletUnauthorizedError,
  WalletBusyError,
  SwitchChainError,
  AddChainError,
  ReceiptTimeoutError,
  TransactionReviewRejectedError,
];

/**
 * Maps any failure of a flow to what the member sees: `own` (the flow's errors) and the kept ones as
 * they are, a refusal in the wallet as a UserRejectedRequestError, anything else `failed(error)`.
 */
export function toTransactionFlowError(
  error: unknown,
  own: readonly ErrorClass[],
  failed: (cause: unknown) => Error,
): Error {
  if ([...own, ...KEPT_TRANSACTION_ERRORS].some((type) => error instanceof type)) return error as Error;
  if (isUserRejection(error))
    return error instanceof UserRejectedRequestError ? error : new UserRejectedRequestError(error);
  return failed(error);
}

/**
 * A refusal in the wallet: the flow stops without an error message (the member saw their wallet's own screen). A
 * rejection in the local wallet's review is said (TransactionReviewRejectedError: the review is the app's page).
 */
export const isQuietTransactionError = (error: unknown) =>
  error instanceof UserRejectedRequestError && !(error instanceof TransactionReviewRejectedError);
