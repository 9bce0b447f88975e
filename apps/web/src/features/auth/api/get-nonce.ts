import { type NonceResponse, nonceResponse } from '@agc/shared';
import { get } from '@web/lib/request.ts';

/** GET /nonce?address=: a single-use nonce for the SIWE message (valid 5 minutes). */
export const getNonce = (address: string): Promise<NonceResponse> =>
  // Silent: the login page shows the error itself, inline (a toast would cover it).
  get('/nonce', { address }, { schema: nonceResponse, silent: true });
