// Every route path of the app, named once. The spec's paths (section 2) are the data; the keys are what the
// code calls them. The route table (route-table.ts) adds the spec's route names and the guard's flags.

/** Where every page of the app but home lives: the spec's paths all start with it. */
export const PAGES_PREFIX = '/pages/';

export const paths = {
  home: '/',
  homeAlias: '/pages/index/index',
  hashRate: '/pages/index/hashRate',
  login: '/pages/login/index',
  teamUsers: '/pages/index/team_user',
  rewardList: '/pages/rewardList/index',
  rewardDetail: '/pages/rewardList/detail',
  shop: '/pages/shop/index',
  shopPayResult: '/pages/shop/paySuccess',
  shopOrderList: '/pages/shop/orderList',
  shopOrderDetail: '/pages/shop/shopOrderDetail',
  withdrawal: '/pages/withdrawal/index',
  // "Sunccess" is the spelling of the route in the spec, kept so existing links keep working.
  withdrawalSubmitted: '/pages/withdrawal/withdrawalSunccess',
  withdrawalList: '/pages/withdrawal/list',
  withdrawalDetail: '/pages/withdrawal/detail',
  account: '/pages/my/index',
  selectLanguage: '/pages/my/selectLan/index',
  invite: '/pages/my/invite/index',
  inviteTree: '/pages/my/invite/inviteTree',
  adminAnalytics: '/pages/admin/analytics',
  adminRewardDistribution: '/pages/admin/rewardDistribution',
  adminWithdrawAudit: '/pages/admin/audit',
  adminOrderAudit: '/pages/admin/auditOrder',
  localWallet: '/pages/localWallet/index',
  localWalletSend: '/pages/localWallet/transaction',
  localWalletResult: '/pages/localWallet/result',
  localWalletHistory: '/pages/localWallet/list',
  localWalletSweep: '/pages/localWallet/withdrawal',
  fundProducts: '/pages/found/home',
  fundHoldings: '/pages/found/my',
  fundEarnings: '/pages/found/foundIncome/index',
  // Fund screens the spec names no path for ("route paths not shown"): chosen under /pages/found like its others.
  fundProductDetail: '/pages/found/detail',
  fundOrderDetail: '/pages/found/orderDetail',
  fundBills: '/pages/found/bills',
  fundPayResult: '/pages/found/payResult',
  adminFunds: '/pages/admin/funds',
  adminFundRedemptions: '/pages/admin/fundRedemptions',
  // Simple earn, the launchpad and the exchange center: the spec shows no paths ("route paths not shown"), chosen
  // under /pages like the others (docs/decisions/0099-unspecified-routes.md).
  earn: '/pages/easyEarn/index',
  earnTransferIn: '/pages/easyEarn/transferIn',
  earnTransferOut: '/pages/easyEarn/transferOut',
  earnResult: '/pages/easyEarn/result',
  earnRecords: '/pages/easyEarn/records',
  launchpad: '/pages/launchpad/index',
  launchpadDetail: '/pages/launchpad/detail',
  launchpadResult: '/pages/launchpad/result',
  launchpadMine: '/pages/launchpad/mine',
  exchange: '/pages/exchange/index',
  exchangeResult: '/pages/exchange/result',
  exchangeHistory: '/pages/exchange/history',
  adminLaunchpad: '/pages/admin/launchpad',
  adminRoles: '/pages/admin/roles',
  adminAuditLog: '/pages/admin/auditLog',
  adminSolvency: '/pages/admin/solvency',
  adminIncidents: '/pages/admin/incidents',
  adminProofs: '/pages/admin/proofs',
  // Proof of liabilities: no path in the spec; under /pages like the others. The public page opens signed out.
  porVerify: '/pages/proof/verify',
  porPublic: '/pages/proof/index',
  // Everything the app owes the member, by place: no path in the spec; under /pages like the others.
  assets: '/pages/assets/index',
} as const;

export type PathKey = keyof typeof paths;
export type AppPath = (typeof paths)[PathKey];

/** A path with its query (undefined values left out); a URLSearchParams is carried over as it is. */
export function withQuery(
  path: AppPath,
  query: URLSearchParams | Record<string, string | number | undefined>,
): string {
  let search = query;
  if (!(query instanceof URLSearchParams)) {
    search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
  }
  const s = search.toString();
  return s ? `${path}?${s}` : path;
}
