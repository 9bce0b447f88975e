// Which page each route key shows and which parts of the texts it needs (lib/i18n/text-parts.ts): login is bundled
// with the app (router.tsx; its texts are the shell's), every other page is a lazy chunk loaded beside its texts. Plain data (page-loaders.ts finds the pages under
// ./pages and adds the guard, the error element and the load timeout): scripts/web-budget.ts counts each route's
// files from it, and scripts/web-texts.test.ts checks on the build that a page's texts are in the parts it loads.
import type { TextPart } from '@web/lib/i18n/text-parts.ts';
import type { PathKey } from '@web/lib/paths.ts';

export interface LazyPage {
  /** The page's module, under src/app/pages. */
  page: string;
  /** The parts of the texts it shows (beyond the shell's, which are always there). */
  texts: readonly TextPart[];
}

export const LAZY_PAGES: Partial<Record<PathKey, LazyPage>> = {
  home: { page: 'home/HomePage.tsx', texts: ['member'] },
  homeAlias: { page: 'home/HomePage.tsx', texts: ['member'] },
  account: { page: 'my/MyPage.tsx', texts: ['member'] },
  hashRate: { page: 'index/HashRatePage.tsx', texts: ['member', 'shop'] },
  teamUsers: { page: 'index/TeamUserPage.tsx', texts: ['member'] },
  rewardList: { page: 'rewards/RewardListPage.tsx', texts: ['member'] },
  rewardDetail: { page: 'rewards/RewardDetailPage.tsx', texts: ['member'] },
  shop: { page: 'shop/ShopPage.tsx', texts: ['member', 'shop'] },
  shopPayResult: { page: 'shop/PaySuccessPage.tsx', texts: ['member', 'shop'] },
  shopOrderList: { page: 'shop/OrderListPage.tsx', texts: ['member', 'shop'] },
  shopOrderDetail: { page: 'shop/OrderDetailPage.tsx', texts: ['member', 'shop'] },
  withdrawal: { page: 'withdrawal/WithdrawalPage.tsx', texts: ['withdraw'] },
  withdrawalSubmitted: { page: 'withdrawal/WithdrawalSuccessPage.tsx', texts: ['withdraw'] },
  withdrawalList: { page: 'withdrawal/WithdrawalListPage.tsx', texts: ['withdraw'] },
  withdrawalDetail: { page: 'withdrawal/WithdrawalDetailPage.tsx', texts: ['withdraw'] },
  selectLanguage: { page: 'my/SelectLanguagePage.tsx', texts: ['member'] },
  invite: { page: 'my/InvitePage.tsx', texts: ['member'] },
  inviteTree: { page: 'my/InviteTreePage.tsx', texts: ['member', 'tree'] },
  adminAnalytics: { page: 'admin/AnalyticsPage.tsx', texts: ['member', 'admin'] },
  adminRewardDistribution: { page: 'admin/RewardDistributionPage.tsx', texts: ['member', 'admin'] },
  adminWithdrawAudit: { page: 'admin/AuditPage.tsx', texts: ['withdraw', 'admin'] },
  adminOrderAudit: { page: 'admin/AuditOrderPage.tsx', texts: ['shop', 'admin'] },
  localWallet: { page: 'local-wallet/LocalWalletPage.tsx', texts: ['member', 'localWallet'] },
  localWalletSend: { page: 'local-wallet/TransactionPage.tsx', texts: ['withdraw', 'localWallet'] },
  localWalletResult: { page: 'local-wallet/ResultPage.tsx', texts: ['localWallet'] },
  localWalletHistory: { page: 'local-wallet/ListPage.tsx', texts: ['localWallet'] },
  localWalletSweep: { page: 'local-wallet/WithdrawalPage.tsx', texts: ['withdraw', 'localWallet'] },
  fundProducts: { page: 'found/FoundHomePage.tsx', texts: ['member', 'shop', 'fund'] },
  fundHoldings: { page: 'found/FoundMyPage.tsx', texts: ['member', 'shop', 'fund'] },
  fundEarnings: { page: 'found/FoundIncomePage.tsx', texts: ['member', 'shop', 'fund'] },
  fundProductDetail: { page: 'found/FoundDetailPage.tsx', texts: ['member', 'shop', 'fund'] },
  fundOrderDetail: { page: 'found/FoundOrderDetailPage.tsx', texts: ['member', 'shop', 'fund'] },
  fundBills: { page: 'found/FoundBillsPage.tsx', texts: ['member', 'shop', 'fund'] },
  fundPayResult: { page: 'found/FoundPayResultPage.tsx', texts: ['member', 'shop', 'fund'] },
  earn: { page: 'earn/EarnPage.tsx', texts: ['member', 'earn'] },
  earnTransferIn: { page: 'earn/EarnTransferInPage.tsx', texts: ['member', 'earn'] },
  earnTransferOut: { page: 'earn/EarnTransferOutPage.tsx', texts: ['member', 'earn'] },
  earnResult: { page: 'earn/EarnResultPage.tsx', texts: ['member', 'earn'] },
  earnRecords: { page: 'earn/EarnRecordsPage.tsx', texts: ['member', 'earn'] },
  launchpad: { page: 'launchpad/LaunchpadPage.tsx', texts: ['member', 'shop', 'launchpad'] },
  launchpadDetail: { page: 'launchpad/LaunchpadDetailPage.tsx', texts: ['member', 'shop', 'launchpad'] },
  launchpadResult: { page: 'launchpad/LaunchpadResultPage.tsx', texts: ['member', 'shop', 'launchpad'] },
  launchpadMine: { page: 'launchpad/LaunchpadMinePage.tsx', texts: ['member', 'shop', 'launchpad'] },
  exchange: { page: 'exchange/ExchangePage.tsx', texts: ['member', 'exchange'] },
  exchangeResult: { page: 'exchange/ExchangeResultPage.tsx', texts: ['member', 'exchange'] },
  exchangeHistory: { page: 'exchange/ExchangeHistoryPage.tsx', texts: ['member', 'exchange'] },
  adminLaunchpad: { page: 'admin/LaunchpadAdminPage.tsx', texts: ['member', 'launchpad'] },
  adminRoles: { page: 'admin/RolesPage.tsx', texts: ['admin'] },
  adminAuditLog: { page: 'admin/AuditLogPage.tsx', texts: ['member', 'admin'] },
  adminSolvency: { page: 'admin/SolvencyPage.tsx', texts: ['member', 'admin'] },
  adminIncidents: { page: 'admin/IncidentsPage.tsx', texts: ['shop', 'fund', 'admin'] },
  adminProofs: { page: 'admin/ProofsAdminPage.tsx', texts: ['admin'] },
  adminFunds: { page: 'admin/FundsAdminPage.tsx', texts: ['member', 'fund'] },
  adminFundRedemptions: { page: 'admin/FundRedemptionsAdminPage.tsx', texts: ['fund'] },
  porVerify: { page: 'proofs/VerifyBalancePage.tsx', texts: ['member', 'por'] },
  porPublic: { page: 'proofs/PorPublicPage.tsx', texts: ['por'] },
  assets: { page: 'assets/AssetsPage.tsx', texts: ['member'] },
};

/** The page of a path no route has. */
export const NOT_FOUND_PAGE: LazyPage = { page: 'NotFoundPage.tsx', texts: [] };
