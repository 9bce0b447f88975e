// The route table of the spec (section 2) as plain data: the guard, the navigation helpers and the
// tests read it without loading any page. router.tsx attaches the page components.

import { type AppPath, type PathKey, paths } from './paths.ts';

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
  /** What the code calls the route: its key in `paths`. */
  key: PathKey;
  path: AppPath;
}

type Entry = Omit<RouteDef, 'path'>;

// name: the spec's route name (the guard lets a few names through); key: ours.
const ENTRIES: readonly Entry[] = [
  { key: 'home', name: 'home', login: true, tab: 0, titleKey: 'title.home' },
  { key: 'homeAlias', name: 'home', login: true, tab: 0, titleKey: 'title.home' },
  { key: 'hashRate', name: 'hashRate', login: true, titleKey: 'title.hashRate' },
  { key: 'login', name: 'login', login: false, titleKey: 'title.login', back: false },
  { key: 'teamUsers', name: 'team_user', login: true, titleKey: 'title.teamUser' },
  { key: 'rewardList', name: 'detail', login: true, tab: 1, titleKey: 'title.rewards' },
  { key: 'rewardDetail', name: 'rewardDetail', login: true, titleKey: 'title.rewardDetail' },
  { key: 'shop', name: 'shop', login: true, tab: 2, titleKey: 'title.shop' },
  { key: 'shopPayResult', name: 'shopPaySuccess', login: true, titleKey: 'title.shopPaySuccess' },
  { key: 'shopOrderList', name: 'shopOrderList', login: true, titleKey: 'title.shopOrderList' },
  { key: 'shopOrderDetail', name: 'shopOrderDetail', login: true, titleKey: 'title.shopOrderDetail' },
  { key: 'withdrawal', name: 'withdrawal', login: true, titleKey: 'title.withdrawal' },
  {
    key: 'withdrawalSubmitted',
    name: 'withdrawalSunccess',
    login: true,
    titleKey: 'title.withdrawalSuccess',
  },
  { key: 'withdrawalList', name: 'withdrawalOrderList', login: true, titleKey: 'title.withdrawalOrderList' },
  {
    key: 'withdrawalDetail',
    name: 'withdrawalOrderDetail',
    login: true,
    titleKey: 'title.withdrawalOrderDetail',
  },
  { key: 'account', name: 'profile', login: true, tab: 3, titleKey: 'title.profile' },
  { key: 'selectLanguage', name: 'selectLan', login: true, titleKey: 'title.selectLan' },
  { key: 'invite', name: 'invite', login: true, titleKey: 'title.invite' },
  { key: 'inviteTree', name: 'inviteTree', login: true, titleKey: 'title.inviteTree' },
  { key: 'adminAnalytics', name: 'analytics', login: true, titleKey: 'title.analytics' },
  {
    key: 'adminRewardDistribution',
    name: 'rewardDistribution',
    login: true,
    titleKey: 'title.rewardDistribution',
  },
  { key: 'adminWithdrawAudit', name: 'audit', login: true, titleKey: 'title.audit' },
  { key: 'adminOrderAudit', name: 'audit_order', login: true, titleKey: 'title.auditOrder' },
  { key: 'localWallet', name: 'localWallet', login: false, titleKey: 'title.localWallet' },
  {
    key: 'localWalletSend',
    name: 'localWallet_transaction',
    login: false,
    titleKey: 'title.localWalletTransaction',
  },
  { key: 'localWalletResult', name: 'localWallet_result', login: false, titleKey: 'title.localWalletResult' },
  { key: 'localWalletHistory', name: 'localWallet_list', login: false, titleKey: 'title.localWalletList' },
  {
    key: 'localWalletSweep',
    name: 'localWallet_withdrawal',
    login: false,
    titleKey: 'title.localWalletWithdrawal',
  },
  { key: 'fundProducts', name: 'foundHome', login: true, titleKey: 'title.foundHome' },
  { key: 'fundHoldings', name: 'foundMy', login: true, titleKey: 'title.foundMy' },
  { key: 'fundEarnings', name: 'foundIncome', login: true, titleKey: 'title.foundIncome' },
  { key: 'fundProductDetail', name: 'foundDetail', login: true, titleKey: 'title.foundDetail' },
  { key: 'fundOrderDetail', name: 'foundOrderDetail', login: true, titleKey: 'title.foundOrderDetail' },
  { key: 'fundBills', name: 'foundBills', login: true, titleKey: 'title.foundBills' },
  { key: 'fundPayResult', name: 'foundPayResult', login: true, titleKey: 'title.foundPayResult' },
  { key: 'adminFunds', name: 'adminFunds', login: true, titleKey: 'title.adminFunds' },
  {
    key: 'adminFundRedemptions',
    name: 'adminFundRedemptions',
    login: true,
    titleKey: 'title.adminFundRedemptions',
  },
  { key: 'earn', name: 'easyEarn', login: true, titleKey: 'title.earn' },
  { key: 'earnTransferIn', name: 'easyEarnTransferIn', login: true, titleKey: 'title.earnTransferIn' },
  { key: 'earnTransferOut', name: 'easyEarnTransferOut', login: true, titleKey: 'title.earnTransferOut' },
  { key: 'earnResult', name: 'easyEarnResult', login: true, titleKey: 'title.earnResult' },
  { key: 'earnRecords', name: 'easyEarnRecords', login: true, titleKey: 'title.earnRecords' },
  { key: 'launchpad', name: 'launchpad', login: true, titleKey: 'title.launchpad' },
  { key: 'launchpadDetail', name: 'launchpadDetail', login: true, titleKey: 'title.launchpadDetail' },
  { key: 'launchpadResult', name: 'launchpadResult', login: true, titleKey: 'title.launchpadResult' },
  { key: 'launchpadMine', name: 'launchpadMine', login: true, titleKey: 'title.launchpadMine' },
  { key: 'exchange', name: 'exchange', login: true, titleKey: 'title.exchange' },
  { key: 'exchangeResult', name: 'exchangeResult', login: true, titleKey: 'title.exchangeResult' },
  { key: 'exchangeHistory', name: 'exchangeHistory', login: true, titleKey: 'title.exchangeHistory' },
  { key: 'adminLaunchpad', name: 'adminLaunchpad', login: true, titleKey: 'title.adminLaunchpad' },
  { key: 'adminRoles', name: 'adminRoles', login: true, titleKey: 'title.adminRoles' },
  { key: 'adminAuditLog', name: 'adminAuditLog', login: true, titleKey: 'title.adminAuditLog' },
  { key: 'adminSolvency', name: 'adminSolvency', login: true, titleKey: 'title.adminSolvency' },
  { key: 'adminIncidents', name: 'adminIncidents', login: true, titleKey: 'title.adminIncidents' },
  { key: 'adminProofs', name: 'adminProofs', login: true, titleKey: 'title.adminProofs' },
  { key: 'porVerify', name: 'porVerify', login: true, titleKey: 'title.porVerify' },
  { key: 'porPublic', name: 'porPublic', login: false, titleKey: 'title.porPublic' },
  { key: 'assets', name: 'assets', login: true, titleKey: 'title.assets' },
];

export const ROUTE_TABLE: readonly RouteDef[] = ENTRIES.map((e) => ({ ...e, path: paths[e.key] }));

/** The catch-all route: any other path shows "page `x` is not found". */
export const NOT_FOUND_HANDLE: RouteHandle = { name: 'notFound', login: false, titleKey: 'title.notFound' };

/** The bottom tabs, in order. The Fund tab (label key nav.fund) arrives with the fund pages. */
export const TABS: readonly { index: TabIndex; path: string; labelKey: string }[] = [
  { index: 0, path: paths.home, labelKey: 'nav.home' },
  { index: 1, path: paths.rewardList, labelKey: 'nav.rewards' },
  { index: 2, path: paths.shop, labelKey: 'nav.shop' },
  { index: 3, path: paths.account, labelKey: 'nav.account' },
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
