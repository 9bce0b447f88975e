// The data router: the route table + page components. Login and the light tab roots (home, account)
// are bundled with the app; every other page is a lazy chunk, so the login route loads only what it
// needs. The shop and rewards tabs are lazy too: their lists, tabs and pull-to-refresh (antd-mobile
// gestures and animations) and the shop's payment flow (viem) would otherwise land in the login route.
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject, replace } from 'react-router';
import { loginUrl, setRouter } from '../lib/navigation.ts';
import {
  HOME_PATH,
  NOT_FOUND_HANDLE,
  ROUTE_TABLE,
  type RouteDef,
  type RouteHandle,
} from '../lib/routeTable.ts';
import { isLoggedIn } from '../stores/auth.ts';
import { resolveGuard } from './guard.ts';
import HomePage from './pages/home/HomePage.tsx';
import LoginPage from './pages/login/LoginPage.tsx';
import MyPage from './pages/my/MyPage.tsx';
import { AppLoading, RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';

/** A page chunk that has not arrived after this long counts as failed (click-to-reload). */
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

type PageModule = { default: ComponentType };

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

const lazyPage = (load: () => Promise<PageModule>) => async () => ({
  Component: (await withTimeout(load(), PAGE_LOAD_TIMEOUT_MS)).default,
});

const EAGER: Record<string, ComponentType> = {
  home: HomePage,
  profile: MyPage,
  login: LoginPage,
};

const LAZY: Record<string, () => Promise<PageModule>> = {
  hashRate: () => import('./pages/index/HashRatePage.tsx'),
  team_user: () => import('./pages/index/TeamUserPage.tsx'),
  detail: () => import('./pages/rewards/RewardListPage.tsx'),
  rewardDetail: () => import('./pages/rewards/RewardDetailPage.tsx'),
  shop: () => import('./pages/shop/ShopPage.tsx'),
  shopPaySuccess: () => import('./pages/shop/PaySuccessPage.tsx'),
  shopOrderList: () => import('./pages/shop/OrderListPage.tsx'),
  shopOrderDetail: () => import('./pages/shop/OrderDetailPage.tsx'),
  withdrawal: () => import('./pages/withdrawal/WithdrawalPage.tsx'),
  withdrawalSunccess: () => import('./pages/withdrawal/WithdrawalSuccessPage.tsx'),
  withdrawalOrderList: () => import('./pages/withdrawal/WithdrawalListPage.tsx'),
  withdrawalOrderDetail: () => import('./pages/withdrawal/WithdrawalDetailPage.tsx'),
  selectLan: () => import('./pages/my/SelectLanguagePage.tsx'),
  invite: () => import('./pages/my/InvitePage.tsx'),
  inviteTree: () => import('./pages/my/InviteTreePage.tsx'),
  analytics: () => import('./pages/admin/AnalyticsPage.tsx'),
  rewardDistribution: () => import('./pages/admin/RewardDistributionPage.tsx'),
  audit: () => import('./pages/admin/AuditPage.tsx'),
  audit_order: () => import('./pages/admin/AuditOrderPage.tsx'),
  localWallet: () => import('./pages/localWallet/LocalWalletPage.tsx'),
  localWallet_transaction: () => import('./pages/localWallet/TransactionPage.tsx'),
  localWallet_result: () => import('./pages/localWallet/ResultPage.tsx'),
  localWallet_list: () => import('./pages/localWallet/ListPage.tsx'),
  localWallet_withdrawal: () => import('./pages/localWallet/WithdrawalPage.tsx'),
  foundHome: () => import('./pages/found/FoundHomePage.tsx'),
  foundMy: () => import('./pages/found/FoundMyPage.tsx'),
  foundIncome: () => import('./pages/found/FoundIncomePage.tsx'),
  notFound: () => import('./pages/NotFoundPage.tsx'),
};

/** The guard runs as each route's loader: before the page renders, on every navigation to it. */
function guardLoader(handle: RouteHandle): LoaderFunction {
  return ({ request }) => {
    const decision = resolveGuard(handle, isLoggedIn());
    if (decision.type === 'login') throw replace(loginUrl(new URL(request.url).search));
    if (decision.type === 'home') throw replace(HOME_PATH);
    return null;
  };
}

function toHandle({ path: _path, ...handle }: RouteDef): RouteHandle {
  return handle;
}

function pageRoute(def: RouteDef): RouteObject {
  const handle = toHandle(def);
  const eager = EAGER[def.name];
  const lazy = LAZY[def.name];
  if (!eager && !lazy) throw new Error(`route ${def.name} has no page`);
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
        lazy: lazyPage(LAZY.notFound as () => Promise<PageModule>),
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setRouter(router);
  return router;
}
