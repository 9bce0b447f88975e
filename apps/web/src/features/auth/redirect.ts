// Where sign-in goes afterwards: the page a signed-out visitor asked for travels to login as `?redirect=`.
// It comes back from the URL, so anyone can write it: only an internal app page is accepted, never an
// origin, a scheme or a path the app does not have (no open redirect).
import { PAGES_PREFIX, paths } from '@web/lib/paths.ts';
import { findRoute } from '@web/lib/route-table.ts';

/** The login URL's parameter holding the page asked for (its path and query). */
export const REDIRECT_PARAM = 'redirect';

/** Control characters and whitespace: a browser strips some of them from URLs, changing what was checked. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is refused
const UNSAFE = /[\u0000-\u0020\u007f\\]/;

/**
 * `raw` when it is a page of this app to return to after sign-in: it starts with PAGES_PREFIX, holds no `//`,
 * backslash, whitespace or control character, names no scheme or origin, and its path is a route of the
 * route table other than login. Anything else: undefined (the caller goes home).
 */
export function safeRedirect(raw: string | null | undefined): string | undefined {
  if (!raw || raw.length > 2048 || !raw.startsWith(PAGES_PREFIX)) return undefined;
  if (raw.includes('//') || UNSAFE.test(raw)) return undefined;
  const [path = ''] = raw.split(/[?#]/);
  if (path.includes(':') || /%2f|%5c/i.test(path)) return undefined;
  // Resolving against a dummy origin must keep the origin and the path: nothing can escape it.
  const base = 'http://app.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base || url.pathname !== path) return undefined;
  const route = findRoute(path);
  if (!route || route.key === 'login') return undefined;
  return `${url.pathname}${url.search}`;
}

/** Where to go after signing in, from the login (or local-wallet) page's query: the asked-for page, else home. */
export function afterLoginTarget(search: URLSearchParams): string {
  return safeRedirect(search.get(REDIRECT_PARAM)) ?? paths.home;
}

/**
 * `loginUrl` (a path with the invite query) with the page asked for added, when it is one to come back to
 * (home needs no parameter: it is where sign-in goes anyway).
 */
export function withRedirect(loginUrl: string, requested: string): string {
  const target = safeRedirect(requested);
  if (!target) return loginUrl;
  const [path, query = ''] = loginUrl.split('?');
  const params = new URLSearchParams(query);
  params.set(REDIRECT_PARAM, target);
  return `${path}?${params.toString()}`;
}
