// @vitest-environment node

import { ApiError } from '@web/lib/request.ts';
import { TransactionReviewRejectedError, UserRejectedRequestError } from '@web/lib/wallet/errors.ts';
import { isQuietTransactionError } from '@web/lib/wallet/transaction-errors.ts';
import { describe, expect, it } from 'vitest';
import { ClaimError, isRevokingRefusal, toClaimError } from './errors.ts';

const refusal = (code: number, data: unknown) => new ApiError(code, 'any text, in any language', code, data);

describe('a claim refused because the withdrawal is being revoked', () => {
  it('is recognized by the reason the server gives, whatever the language of its text', () => {
    expect(isRevokingRefusal(refusal(400, { reason: 'revoking' }))).toBe(true);
    expect(isRevokingRefusal(refusal(400, null))).toBe(false);
    expect(isRevokingRefusal(refusal(400, { reason: 'other' }))).toBe(false);
    expect(isRevokingRefusal(refusal(500, { reason: 'revoking' }))).toBe(false);
    expect(isRevokingRefusal(new Error('This withdrawal is being revoked'))).toBe(false);
  });
});

describe('a claim rejected in the local wallet’s review', () => {
  it('says so (its own text), where a refusal in a browser wallet ends quietly', () => {
    const rejected = new TransactionReviewRejectedError();
    expect(toClaimError(rejected)).toBe(rejected);
    expect(isQuietTransactionError(toClaimError(rejected))).toBe(false);
    const elsewhere = toClaimError({ code: 4001, message: 'User rejected the request.' });
    expect(elsewhere).toBeInstanceOf(UserRejectedRequestError);
    expect(isQuietTransactionError(elsewhere)).toBe(true);
    expect(toClaimError(new Error('reverted'))).toBeInstanceOf(ClaimError);
  });
});
