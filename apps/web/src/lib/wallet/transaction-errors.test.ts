// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TransactionReviewRejectedError, UserRejectedRequestError, WalletError } from './errors.ts';
import { PayError, toPayError } from './payment-errors.ts';
import { isQuietTransactionError, toTransactionFlowError } from './transaction-errors.ts';

// A refusal in a browser wallet ends a flow quietly (the member saw that wallet's screen); a rejection in the local
// wallet's review is said, with its own text, by every flow that sends (the payments here, the claim likewise).
describe('a rejection in the local wallet’s review', () => {
  const failed = (cause: unknown) => new WalletError('failed', { cause });

  it('keeps its class and text through a flow’s mapping, and is not quiet', () => {
    const rejected = new TransactionReviewRejectedError();
    expect(toTransactionFlowError(rejected, [], failed)).toBe(rejected);
    expect(toPayError(rejected)).toBe(rejected);
    expect(rejected).toMatchObject({ code: 4001, i18nKey: 'localWalletPages.review.rejected' });
    expect(isQuietTransactionError(rejected)).toBe(false);
  });

  it('a refusal in another wallet (4001, however it comes) stays quiet; a failure is not a refusal', () => {
    const quiet = toPayError({ code: 4001, message: 'User rejected the request.' });
    expect(quiet).toBeInstanceOf(UserRejectedRequestError);
    expect(quiet).not.toBeInstanceOf(TransactionReviewRejectedError);
    expect(isQuietTransactionError(quiet)).toBe(true);
    const broken = toPayError({ code: -32000, message: 'nope' });
    expect(broken).toBeInstanceOf(PayError);
    expect(isQuietTransactionError(broken)).toBe(false);
  });
});
