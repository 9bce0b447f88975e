// Logging out: the session ends on the server (its token is refused from then on, so a copy of it —
// a shared device, a leaked log — is worth nothing), then here. The server's part is best effort for
// a plain log-out: nothing may keep the member from leaving. The calls load when asked (the request wrapper and zod
// are not in the app's first files, and any page has loaded them by then).
import { goToLogin } from '@web/lib/navigation.ts';
import { clearSession } from '@web/lib/session.ts';
import { isLoggedIn } from '@web/stores/auth.ts';

/**
 * Ends this session on the server with the current token, best effort: never throws, and gives up
 * after LOGOUT_TIMEOUT_MS. Call it before the token is cleared.
 */
export async function revokeThisSession(): Promise<void> {
  if (!isLoggedIn()) return;
  try {
    const { postLogout } = await import('./api/post-logout.ts');
    await postLogout();
  } catch {
    // refused, unreachable or too slow: the local session is cleared anyway
  }
}

/** Log out: the server's session (best effort), then the local one, then the login page. */
export async function logOut(): Promise<void> {
  await revokeThisSession();
  clearSession();
  await goToLogin();
}

/**
 * Log out everywhere: every session of the member ends on the server, then the local one. Rejects (and
 * leaves the member logged in here) when the server did not do it: the member must not believe the
 * other devices are signed out when they are not.
 */
export async function logOutEverywhere(): Promise<void> {
  const { postLogoutAll } = await import('./api/post-logout-all.ts');
  await postLogoutAll();
  clearSession();
  await goToLogin();
}
