import { type LogoutResponse, logoutResponse } from '@agc/shared';
import { post } from '@web/lib/request.ts';

/**
 * POST /logout/all (auth): ends every session of the member, on every device, this one included.
 * Not silent: when it fails the member stays logged in here and reads why (the request wrapper's toast
 * or modal), since the other devices are still signed in.
 */
export const postLogoutAll = (): Promise<LogoutResponse> =>
  post('/logout/all', undefined, { schema: logoutResponse });
