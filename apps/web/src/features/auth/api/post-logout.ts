import { type LogoutResponse, logoutResponse } from '@agc/shared';
import { post } from '@web/lib/request.ts';

/**
 * Logging out waits this long at most for the server: the local session is cleared afterwards whatever
 * the answer, so a slow or unreachable server must not hold the member on the page for 30 s.
 */
export const LOGOUT_TIMEOUT_MS = 5000;

/**
 * POST /logout (auth): ends this session on the server, whose token is refused from then on. Silent:
 * it is best effort, the caller clears the local session whatever happens (a 401 — the session had
 * already ended — still clears it in the request wrapper).
 */
export const postLogout = (): Promise<LogoutResponse> =>
  post('/logout', undefined, { schema: logoutResponse, silent: true, timeout: LOGOUT_TIMEOUT_MS });
