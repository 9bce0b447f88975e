// The data router: the route table + page components. Login is bundled with the app (it is the first paint of
// a new member); every other page, the tab roots included, is a lazy chunk loaded beside the parts of the texts it
// shows (page-table.ts), so the login route loads only what it needs (its budget: scripts/web-budget.ts).

import { loadTexts } from '@web/lib/i18n/index.ts';
import { setRouter } from '@web/lib/navigation.ts';
import { type PathKey, paths } from '@web/lib/paths.ts';
import { NOT_FOUND_HANDLE, ROUTE_TABLE, type RouteDef, type RouteHandle } from '@web/lib/route-table.ts';
import { isLoggedIn } from '@web/stores/auth.ts';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject, replace } from 'react-router';
import { loginRedirectUrl, resolveGuard } from './guard.ts';
import { loadLazyShell } from './load-lazy-shell.ts';
import { LAZY_PAGES, type LazyPage, NOT_FOUND_PAGE } from './page-table.ts';
import LoginPage from './pages/login/LoginPage.tsx';
import { AppLoading, RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';

/** A page chunk that has not arrived after this long counts as failed (click-to-reload). */
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`page load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A page's module: its loader is in the app's second part (lazy-shell.ts), with the query client and the tab bar. */
const loadPage = async (page: string) => {
  const load = (await loadLazyShell()).PAGES[`./pages/${page}`];
  if (!load) throw new Error(`no page ./pages/${page}`);
  return load();
};

const EAGER: Partial<Record<PathKey, ComponentType>> = { login: LoginPage };

/** A lazy page: its code (with the app's second part) and its texts (in the active language), before it paints. */
const lazyPage = (page: LazyPage) => async () => {
  const [module] = await withTimeout(
    Promise.all([loadPage(page.page), loadTexts(page.texts)]),
    PAGE_LOAD_TIMEOUT_MS,
  );
  return { Component: module.default };
};

/** The guard runs as each route's loader: before the page renders, on every navigation to it. */
function guardLoader(handle: RouteHandle): LoaderFunction {
  return ({ request }) => {
    const decision = resolveGuard(handle, isLoggedIn());
    if (decision.type === 'login') throw replace(loginRedirectUrl(new URL(request.url)));
    if (decision.type === 'home') throw replace(paths.home);
    return null;
  };
}

function toHandle({ path: _path, ...handle }: RouteDef): RouteHandle {
  return handle;
}

function pageRoute(def: RouteDef): RouteObject {
  const handle = toHandle(def);
  const eager = EAGER[def.key];
  const lazy = LAZY_PAGES[def.key];
  if (!eager && !lazy) throw new Error(`route ${def.key} has no page`);
  return {
    path: def.path,
    handle,
    loader: guardLoader(handle),
    errorElement: <RouteError />,
    ...(eager ? { Component: eager } : { lazy: lazyPage(lazy as LazyPage) }),
  };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: AppLoading,
    errorElement: <RouteError />,
    children: [
      ...ROUTE_TABLE.map(pageRoute),
      {
        path: '*',
        handle: NOT_FOUND_HANDLE,
        errorElement: <RouteError />,
        lazy: lazyPage(NOT_FOUND_PAGE),
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setRouter(router);
  return router;
}
