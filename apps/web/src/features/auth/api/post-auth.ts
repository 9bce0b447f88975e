import { type AuthBody, type AuthResponse, authResponse } from '@agc/shared';
import { post } from '@web/lib/request.ts';

/** POST /auth: the signed SIWE message (plus invite code and side for a new address) → token. */
export const postAuth = (body: AuthBody): Promise<AuthResponse> =>
  // Silent: the login page shows the error itself, inline (a toast would cover it).
  post('/auth', body, { schema: authResponse, silent: true });
