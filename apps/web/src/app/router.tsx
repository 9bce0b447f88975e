// The data router: the route table + page components. Login is bundled with the app (it is the first paint of
// a new member); every other page, the tab roots included, is a lazy chunk, so the login route loads only what
// it needs (its budget: scripts/web-budget.ts).

import { setRouter } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { NOT_FOUND_HANDLE, ROUTE_TABLE, type RouteDef, type RouteHandle } from '@web/lib/route-table.ts';
import { isLoggedIn } from '@web/stores/auth.ts';
import { createBrowserRouter, type LoaderFunction, type RouteObject, replace } from 'react-router';
import { loginRedirectUrl, resolveGuard } from './guard.ts';
import { EAGER, LAZY, loadNotFound, type PageModule } from './page-table.ts';
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

const lazyPage = (load: () => Promise<PageModule>) => async () => {
  const page = await withTimeout(load(), PAGE_LOAD_TIMEOUT_MS);
  return { Component: page.default };
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
  const lazy = LAZY[def.key];
  if (!eager && !lazy) throw new Error(`route ${def.key} has no page`);
  return {
    path: def.path,
    handle,
    loader: guardLoader(handle),
    errorElement: <RouteError />,
    ...(eager ? { Component: eager } : { lazy: lazyPage(lazy as () => Promise<PageModule>) }),
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
        lazy: lazyPage(loadNotFound),
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setRouter(router);
  return router;
}
