/** Solvency: what members can take out, by when, against the treasury's balances on chain. */
export { solvencyAdminRoutes } from './admin-routes.ts';
export {
  allocate,
  type MemberBalances,
  type MemberLiabilities,
  type MemberLiability,
  memberBalancePages,
  memberLiabilitiesBesideBalancesIn,
  memberLiabilitiesIn,
  type PartAmounts,
} from './members.ts';
export {
  coverageBp,
  type Liabilities,
  liabilitiesIn,
  readTreasury,
  SNAPSHOT,
  solvency,
  TOKENS,
  type Token,
  type TreasuryRead,
} from './service.ts';
