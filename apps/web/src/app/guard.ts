import { withRedirect } from '@web/features/auth/redirect.ts';
import { loginUrl } from '@web/lib/navigation.ts';
import type { RouteHandle } from '@web/lib/route-table.ts';

/** Route names a visitor may open without logging in (whatever their login flag says). */
export const PUBLIC_ROUTE_NAMES: readonly string[] = ['login', 'wode', 'firstPage', 'testWallet'];

export type GuardDecision =
  | { type: 'allow' }
  /** Go to login (replace), carrying the invite query through. */
  | { type: 'login' }
  /** A logged-in user landing on login goes home. */
  | { type: 'home' };

/**
 * The navigation guard of the spec: logged out, only the public names and routes whose login flag
 * is false are reachable; everything else goes to login. Logged in, login itself sends home.
 */
export function resolveGuard(
  route: Pick<RouteHandle, 'name' | 'login'> | undefined,
  loggedIn: boolean,
): GuardDecision {
  if (!route) return { type: 'allow' }; // unknown paths render the not-found page
  if (loggedIn) return route.name === 'login' ? { type: 'home' } : { type: 'allow' };
  if (!route.login || PUBLIC_ROUTE_NAMES.includes(route.name)) return { type: 'allow' };
  return { type: 'login' };
}

/**
 * Where the guard sends a signed-out visitor who asked for `requested`: login with the invite query (code,
 * side) carried through, and the page asked for (path and query) as `redirect`, to go on to after sign-in.
 */
export function loginRedirectUrl(requested: URL): string {
  return withRedirect(loginUrl(requested.search), `${requested.pathname}${requested.search}`);
}
