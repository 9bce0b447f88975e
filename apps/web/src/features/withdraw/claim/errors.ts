// Claim failures as typed errors, the same way as the shop's payment (lib/wallet/transaction-errors.ts):
// a refusal in the wallet (4001) ends the attempt quietly; the errors of the wallet path and the
// server, and the claim's own below, keep their text; any other failure of the claim is 'The claim
// failed'.
import { AppError } from '@web/lib/errors.ts';
import { ApiError } from '@web/lib/request.ts';
import { toTransactionFlowError } from '@web/lib/wallet/transaction-errors.ts';

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

const OWN = [ClaimError, NotClaimableError, ClaimWrongWalletError, UnexpectedClaimTxError];

/** Maps any failure of the claim flow to what the member sees. */
export const toClaimError = (error: unknown): Error =>
  toTransactionFlowError(error, OWN, (cause) => new ClaimError(cause));

/**
 * The server refused the claim because an auditor is revoking the approval (the vault's cancel is on
 * its way): no retry can help, and the withdrawal ends Rejected once the chain confirms. The refusal
 * says so in `data.reason`.
 */
export function isRevokingRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 400) return false;
  const data = error.data as { reason?: unknown } | null | undefined;
  return data?.reason === 'revoking';
}
