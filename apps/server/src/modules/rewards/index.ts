/**
 * The four rewards: referral (paid as a direct invitee's order is confirmed: ReferralBatch), static and
 * pairing (the daily settlement), management (profit/mng); the reward pages; the rewards lock that keeps
 * postings and the settlement apart.
 */
export { rewardSettlementAdminRoutes } from './admin-routes.ts';
export { settlementJob } from './jobs.ts';
export { lockRewardsShared, reverseReward } from './repository.ts';
export { rewardRoutes } from './routes.ts';
export { type ConfirmedOrder, ReferralBatch, rewardTransfers, splitReward } from './service.ts';
export {
  nextSettlementDay,
  previewSettlement,
  runSettlement,
  SettlementError,
  type SettlementHooks,
  settleDueDays,
} from './settlement.ts';
