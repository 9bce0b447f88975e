// Which component each route key renders: login bundled with the app, every other page a lazy chunk (the router,
// router.tsx, adds the guard, the error element and the load timeout).
import type { PathKey } from '@web/lib/paths.ts';
import type { ComponentType } from 'react';
import LoginPage from './pages/login/LoginPage.tsx';

export type PageModule = { default: ComponentType };

export const EAGER: Partial<Record<PathKey, ComponentType>> = { login: LoginPage };

const loadHome = () => import('./pages/home/HomePage.tsx');
export const LAZY: Partial<Record<PathKey, () => Promise<PageModule>>> = {
  home: loadHome,
  homeAlias: loadHome,
  account: () => import('./pages/my/MyPage.tsx'),
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
  fundPayResult: () => import('./pages/found/FoundPayResultPage.tsx'),
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
  adminProofs: () => import('./pages/admin/ProofsAdminPage.tsx'),
  adminFunds: () => import('./pages/admin/FundsAdminPage.tsx'),
  adminFundRedemptions: () => import('./pages/admin/FundRedemptionsAdminPage.tsx'),
  porVerify: () => import('./pages/proofs/VerifyBalancePage.tsx'),
  porPublic: () => import('./pages/proofs/PorPublicPage.tsx'),
  assets: () => import('./pages/assets/AssetsPage.tsx'),
};

export const loadNotFound = () => import('./pages/NotFoundPage.tsx');
