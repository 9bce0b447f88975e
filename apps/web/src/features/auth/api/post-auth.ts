import { type AuthBody, type AuthResponse, authResponse } from '@agc/shared';
import { post } from '../../../lib/request.ts';

/** POST /auth: the signed SIWE message (plus invite code and side for a new address) → token. */
export const postAuth = (body: AuthBody): Promise<AuthResponse> =>
  post('/auth', body, { schema: authResponse });
