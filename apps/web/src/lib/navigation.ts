// Page navigation with the rules of the spec (mirroring the mini-program style API it was written for):
// - navigateTo pushes a page; redirectTo replaces the current one; neither may open a tab page;
// - switchTab opens a tab page only, by replacing history, so tabs never stack and home stays the
//   history root (Back on home leaves the app);
// - the url is required ('Missing required args: "url"'); an unknown page is refused;
// - the same url requested again while its navigation is pending (a page chunk still loading) is
//   refused with '<url> locked'.
import { paths, withQuery } from './paths.ts';
import { findRoute } from './route-table.ts';

/** The part of react-router's data router this module uses. */
export interface NavigationRouter {
  navigate(to: number): Promise<void>;
  navigate(to: string, options?: { replace?: boolean }): Promise<void>;
  state: { location: { pathname: string; search: string } };
}

let router: NavigationRouter | null = null;
const pending = new Set<string>();

export function setRouter(next: NavigationRouter | null): void {
  router = next;
  pending.clear();
}

function requireRouter(): NavigationRouter {
  if (!router) throw new Error('navigation used before the router was created');
  return router;
}

type Kind = 'navigateTo' | 'redirectTo' | 'switchTab' | 'reLaunch';

function normalize(url: string): string {
  return url.startsWith('/') ? url : `/${url}`;
}

function validate(kind: Kind, url: unknown): string {
  if (typeof url !== 'string' || url.trim() === '') throw new Error('Missing required args: "url"');
  let target = normalize(url.trim());
  const route = findRoute(target);
  if (!route) throw new Error(`page \`${target}\` is not found`);
  if ((kind === 'navigateTo' || kind === 'redirectTo') && route.tab !== undefined) {
    throw new Error(`can not ${kind} a tabbar page`);
  }
  if (kind === 'switchTab') {
    if (route.tab === undefined) throw new Error('can not switch to no-tabBar page');
    target = route.tab === 0 ? paths.home : route.path; // tabs open without query, home on '/'
  }
  return target;
}

async function go(kind: Kind, url: unknown): Promise<void> {
  const target = validate(kind, url);
  if (pending.has(target)) throw new Error(`${target} locked`);
  const r = requireRouter();
  pending.add(target);
  try {
    await r.navigate(target, { replace: kind !== 'navigateTo' });
  } finally {
    pending.delete(target);
  }
}

/** Opens a non-tab page on top of the current one. */
export function navigateTo(url: string): Promise<void> {
  return Promise.resolve().then(() => go('navigateTo', url));
}

/** Replaces the current page with a non-tab page. */
export function redirectTo(url: string): Promise<void> {
  return Promise.resolve().then(() => go('redirectTo', url));
}

/** Opens a tab page, replacing history (tab switches never stack). */
export function switchTab(url: string): Promise<void> {
  return Promise.resolve().then(() => go('switchTab', url));
}

/** Replaces the current page with any page, tab or not (session changes: login, logout, 401). */
export function reLaunch(url: string): Promise<void> {
  return Promise.resolve().then(() => go('reLaunch', url));
}

const ignore = () => undefined;

/**
 * navigateTo for a click: a refusal needs nothing more (the one a click meets is the same page already opening,
 * `locked`; the others are a programming error that the route table's tests catch).
 */
export function openPage(url: string): void {
  void navigateTo(url).catch(ignore);
}

/** switchTab for a click, likewise. */
export function openTab(url: string): void {
  void switchTab(url).catch(ignore);
}

function historyIndex(): number {
  if (typeof window === 'undefined') return 0;
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * Goes back `delta` pages. With nothing to go back to inside the app (a page opened directly),
 * goes to home instead; on home itself it does nothing (the browser's Back leaves the app).
 */
export function navigateBack(delta = 1): Promise<void> {
  return Promise.resolve().then(async () => {
    const r = requireRouter();
    const steps = Math.max(1, Math.floor(delta));
    const idx = historyIndex();
    if (idx > 0) {
      await r.navigate(-Math.min(steps, idx));
      return;
    }
    const current = findRoute(r.state.location.pathname);
    if (current?.tab === 0) return;
    await r.navigate(paths.home, { replace: true });
  });
}

const INVITE_PARAMS = ['code', 'side'] as const;

/** The login URL, carrying the invite query (code, side) of `search` through. */
export function loginUrl(search: string | URLSearchParams = ''): string {
  const from = typeof search === 'string' ? new URLSearchParams(search) : search;
  const params = new URLSearchParams();
  for (const name of INVITE_PARAMS) {
    const value = from.get(name);
    if (value) params.set(name, value);
  }
  return withQuery(paths.login, params);
}

/** Replaces the current page with login, keeping the invite query of the current URL. */
export function goToLogin(): Promise<void> {
  if (!router) return Promise.resolve();
  return reLaunch(loginUrl(router.state.location.search)).catch(ignore);
}
