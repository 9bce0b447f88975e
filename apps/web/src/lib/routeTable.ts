// The route table of the spec (section 2) as plain data: the guard, the navigation helpers and the
// tests read it without loading any page. router.tsx attaches the page components.

export type TabIndex = 0 | 1 | 2 | 3;

/** What every route declares in its react-router `handle`. */
export interface RouteHandle {
  name: string;
  /** Whether the route needs a logged-in user (the guard still lets a few names through). */
  login: boolean;
  /** Bottom-tab index of the four tab roots. */
  tab?: TabIndex;
  /** i18n key of the navigation-bar title. */
  titleKey: string;
  /** false hides the navigation bar's back arrow (the login page has nowhere to go back to). */
  back?: false;
}

export interface RouteDef extends RouteHandle {
  path: string;
}

export const HOME_PATH = '/';
export const HOME_ALIAS_PATH = '/pages/index/index';
export const LOGIN_PATH = '/pages/login/index';
export const LOCAL_WALLET_PATH = '/pages/localWallet/index';
export const SELECT_LANGUAGE_PATH = '/pages/my/selectLan/index';

export const ROUTE_TABLE: readonly RouteDef[] = [
  { path: HOME_PATH, name: 'home', login: true, tab: 0, titleKey: 'title.home' },
  { path: HOME_ALIAS_PATH, name: 'home', login: true, tab: 0, titleKey: 'title.home' },
  { path: '/pages/index/hashRate', name: 'hashRate', login: true, titleKey: 'title.hashRate' },
  { path: LOGIN_PATH, name: 'login', login: false, titleKey: 'title.login', back: false },
  { path: '/pages/index/team_user', name: 'team_user', login: true, titleKey: 'title.teamUser' },
  { path: '/pages/rewardList/index', name: 'detail', login: true, tab: 1, titleKey: 'title.rewards' },
  { path: '/pages/rewardList/detail', name: 'rewardDetail', login: true, titleKey: 'title.rewardDetail' },
  { path: '/pages/shop/index', name: 'shop', login: true, tab: 2, titleKey: 'title.shop' },
  { path: '/pages/shop/paySuccess', name: 'shopPaySuccess', login: true, titleKey: 'title.shopPaySuccess' },
  { path: '/pages/shop/orderList', name: 'shopOrderList', login: true, titleKey: 'title.shopOrderList' },
  {
    path: '/pages/shop/shopOrderDetail',
    name: 'shopOrderDetail',
    login: true,
    titleKey: 'title.shopOrderDetail',
  },
  { path: '/pages/withdrawal/index', name: 'withdrawal', login: true, titleKey: 'title.withdrawal' },
  // "Sunccess" is the spelling of the route in the spec, kept so existing links keep working.
  {
    path: '/pages/withdrawal/withdrawalSunccess',
    name: 'withdrawalSunccess',
    login: true,
    titleKey: 'title.withdrawalSuccess',
  },
  {
    path: '/pages/withdrawal/list',
    name: 'withdrawalOrderList',
    login: true,
    titleKey: 'title.withdrawalOrderList',
  },
  {
    path: '/pages/withdrawal/detail',
    name: 'withdrawalOrderDetail',
    login: true,
    titleKey: 'title.withdrawalOrderDetail',
  },
  { path: '/pages/my/index', name: 'profile', login: true, tab: 3, titleKey: 'title.profile' },
  { path: SELECT_LANGUAGE_PATH, name: 'selectLan', login: true, titleKey: 'title.selectLan' },
  { path: '/pages/my/invite/index', name: 'invite', login: true, titleKey: 'title.invite' },
  { path: '/pages/my/invite/inviteTree', name: 'inviteTree', login: true, titleKey: 'title.inviteTree' },
  { path: '/pages/admin/analytics', name: 'analytics', login: true, titleKey: 'title.analytics' },
  {
    path: '/pages/admin/rewardDistribution',
    name: 'rewardDistribution',
    login: true,
    titleKey: 'title.rewardDistribution',
  },
  { path: '/pages/admin/audit', name: 'audit', login: true, titleKey: 'title.audit' },
  { path: '/pages/admin/auditOrder', name: 'audit_order', login: true, titleKey: 'title.auditOrder' },
  { path: LOCAL_WALLET_PATH, name: 'localWallet', login: false, titleKey: 'title.localWallet' },
  {
    path: '/pages/localWallet/transaction',
    name: 'localWallet_transaction',
    login: false,
    titleKey: 'title.localWalletTransaction',
  },
  {
    path: '/pages/localWallet/result',
    name: 'localWallet_result',
    login: false,
    titleKey: 'title.localWalletResult',
  },
  {
    path: '/pages/localWallet/list',
    name: 'localWallet_list',
    login: false,
    titleKey: 'title.localWalletList',
  },
  {
    path: '/pages/localWallet/withdrawal',
    name: 'localWallet_withdrawal',
    login: false,
    titleKey: 'title.localWalletWithdrawal',
  },
  { path: '/pages/found/home', name: 'foundHome', login: true, titleKey: 'title.foundHome' },
  { path: '/pages/found/my', name: 'foundMy', login: true, titleKey: 'title.foundMy' },
  { path: '/pages/found/foundIncome/index', name: 'foundIncome', login: true, titleKey: 'title.foundIncome' },
];

/** The catch-all route: any other path shows "page `x` is not found". */
export const NOT_FOUND_HANDLE: RouteHandle = { name: 'notFound', login: false, titleKey: 'title.notFound' };

/** The bottom tabs, in order. The Fund tab (label key nav.fund) arrives with the fund pages. */
export const TABS: readonly { index: TabIndex; path: string; labelKey: string }[] = [
  { index: 0, path: HOME_PATH, labelKey: 'nav.home' },
  { index: 1, path: '/pages/rewardList/index', labelKey: 'nav.rewards' },
  { index: 2, path: '/pages/shop/index', labelKey: 'nav.shop' },
  { index: 3, path: '/pages/my/index', labelKey: 'nav.account' },
];

function normalizePath(pathname: string): string {
  const p = pathname.replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** The route of a URL or path (query and hash ignored; matching is case-insensitive like react-router's). */
export function findRoute(urlOrPath: string): RouteDef | undefined {
  const pathname = normalizePath(urlOrPath.split(/[?#]/)[0] ?? '').toLowerCase();
  return ROUTE_TABLE.find((r) => r.path.toLowerCase() === pathname);
}

export function findRouteByName(name: string): RouteDef | undefined {
  return ROUTE_TABLE.find((r) => r.name === name);
}
