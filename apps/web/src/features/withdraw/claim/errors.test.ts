// @vitest-environment node

import { ApiError } from '@web/lib/request.ts';
import { describe, expect, it } from 'vitest';
import { isRevokingRefusal } from './errors.ts';

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
