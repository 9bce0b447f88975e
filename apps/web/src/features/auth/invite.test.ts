import { describe, expect, it } from 'vitest';
import { readInvite } from './invite.ts';

describe('readInvite', () => {
  it('reads code and side from the login URL', () => {
    expect(readInvite(new URLSearchParams('code=abcd2345&side=left'))).toEqual({
      code: 'ABCD2345',
      side: 'left',
    });
    expect(readInvite(new URLSearchParams('code=ABCD2345&side=RIGHT'))).toEqual({
      code: 'ABCD2345',
      side: 'right',
    });
    expect(readInvite(new URLSearchParams('side=middle'))).toEqual({ code: undefined, side: undefined });
    expect(readInvite(new URLSearchParams(''))).toEqual({ code: undefined, side: undefined });
  });
});
