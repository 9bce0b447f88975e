// The data router: the route table + page components. Login and the light tab roots (home, account)
// are bundled with the app; every other page is a lazy chunk, so the login route loads only what it
// needs. The shop and rewards tabs are lazy too: their lists, tabs and pull-to-refresh (antd-mobile
// gestures and animations) and the shop's payment flow (viem) would otherwise land in the login route.
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject, replace } from 'react-router';
import { loadEnglishRest } from '../lib/i18n/index.ts';
import { setRouter } from '../lib/navigation.ts';
import { type PathKey, paths } from '../lib/paths.ts';
import { NOT_FOUND_HANDLE, ROUTE_TABLE, type RouteDef, type RouteHandle } from '../lib/route-table.ts';
import { isLoggedIn } from '../stores/auth.ts';
import { loginRedirectUrl, resolveGuard } from './guard.ts';
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

const lazyPage = (load: () => Promise<PageModule>) => async () => {
  // The page's texts may be among the lazy English sections: both arrive before it renders.
  const [page] = await withTimeout(Promise.all([load(), loadEnglishRest()]), PAGE_LOAD_TIMEOUT_MS);
  return { Component: page.default };
};

const EAGER: Partial<Record<PathKey, ComponentType>> = {
  home: HomePage,
  homeAlias: HomePage,
  account: MyPage,
  login: LoginPage,
};

const LAZY: Partial<Record<PathKey, () => Promise<PageModule>>> = {
  hashRate: () => import('./pages/index/HashRatePage.tsx'),
  teamUsers: () => import('./pages/index/TeamUserPage.tsx'),
  rewardList: () => import('./pages/rewards/RewardListPage.tsx'),
  rewardDetail: () => import('./pages/rewards/RewardDetailPage.tsx'),
  shop: () => import('./pages/shop/ShopPage.tsx'),
  shopPayResult: () => import('./pages/shop/PaySuccessPage.tsx'),
  shopOrderList: () => import('./pages/shop/OrderListPage.tsx'),
  shopOrderDetail: () => import('./pages/shop/OrderDetailPage.tsx'),
  withdrawal: () => import('./pages/withdrawal/WithdrawalPage.tsx'),
  withdrawalSubmitted: () => import('./pages/withdrawal/WithdrawalSuccessPage.tsx'),
  withdrawalList: () => import('./pages/withdrawal/WithdrawalListPage.tsx'),
  withdrawalDetail: () => import('./pages/withdrawal/WithdrawalDetailPage.tsx'),
  selectLanguage: () => import('./pages/my/SelectLanguagePage.tsx'),
  invite: () => import('./pages/my/InvitePage.tsx'),
  inviteTree: () => import('./pages/my/InviteTreePage.tsx'),
  adminAnalytics: () => import('./pages/admin/AnalyticsPage.tsx'),
  adminRewardDistribution: () => import('./pages/admin/RewardDistributionPage.tsx'),
  adminWithdrawAudit: () => import('./pages/admin/AuditPage.tsx'),
  adminOrderAudit: () => import('./pages/admin/AuditOrderPage.tsx'),
  localWallet: () => import('./pages/local-wallet/LocalWalletPage.tsx'),
  localWalletSend: () => import('./pages/local-wallet/TransactionPage.tsx'),
  localWalletResult: () => import('./pages/local-wallet/ResultPage.tsx'),
  localWalletHistory: () => import('./pages/local-wallet/ListPage.tsx'),
  localWalletSweep: () => import('./pages/local-wallet/WithdrawalPage.tsx'),
  fundProducts: () => import('./pages/found/FoundHomePage.tsx'),
  fundHoldings: () => import('./pages/found/FoundMyPage.tsx'),
  fundEarnings: () => import('./pages/found/FoundIncomePage.tsx'),
  fundProductDetail: () => import('./pages/found/FoundDetailPage.tsx'),
  fundOrderDetail: () => import('./pages/found/FoundOrderDetailPage.tsx'),
  fundBills: () => import('./pages/found/FoundBillsPage.tsx'),
  earn: () => import('./pages/earn/EarnPage.tsx'),
  earnTransferIn: () => import('./pages/earn/EarnTransferInPage.tsx'),
  earnTransferOut: () => import('./pages/earn/EarnTransferOutPage.tsx'),
  earnResult: () => import('./pages/earn/EarnResultPage.tsx'),
  earnRecords: () => import('./pages/earn/EarnRecordsPage.tsx'),
  launchpad: () => import('./pages/launchpad/LaunchpadPage.tsx'),
  launchpadDetail: () => import('./pages/launchpad/LaunchpadDetailPage.tsx'),
  launchpadResult: () => import('./pages/launchpad/LaunchpadResultPage.tsx'),
  launchpadMine: () => import('./pages/launchpad/LaunchpadMinePage.tsx'),
  exchange: () => import('./pages/exchange/ExchangePage.tsx'),
  exchangeResult: () => import('./pages/exchange/ExchangeResultPage.tsx'),
  exchangeHistory: () => import('./pages/exchange/ExchangeHistoryPage.tsx'),
  adminLaunchpad: () => import('./pages/admin/LaunchpadAdminPage.tsx'),
  adminRoles: () => import('./pages/admin/RolesPage.tsx'),
  adminAuditLog: () => import('./pages/admin/AuditLogPage.tsx'),
  adminSolvency: () => import('./pages/admin/SolvencyPage.tsx'),
  adminIncidents: () => import('./pages/admin/IncidentsPage.tsx'),
  porVerify: () => import('./pages/proofs/VerifyBalancePage.tsx'),
  porPublic: () => import('./pages/proofs/PorPublicPage.tsx'),
  adminFunds: () => import('./pages/admin/FundsAdminPage.tsx'),
  adminFundRedemptions: () => import('./pages/admin/FundRedemptionsAdminPage.tsx'),
};

const loadNotFound = () => import('./pages/NotFoundPage.tsx');

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
