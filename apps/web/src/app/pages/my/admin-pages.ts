import type { Role } from '@agc/shared';
import { type PathKey, paths } from '@web/lib/paths.ts';

/**
 * The admin pages and the roles that open them, as the server decides (`requireRole`; admin holds every role):
 * the order and withdrawal audits are `auditor` (shop and withdraw admin-routes), reward distribution and funds are
 * `admin` only (rewards and funds admin-routes), analytics is `analyst` (docs/product-rules.md: read only).
 */
const ADMIN_PAGES: readonly AdminPage[] = [
  { key: 'adminOrderAudit', labelKey: 'my.admin.orderAudit', roles: ['auditor'] },
  { key: 'adminWithdrawAudit', labelKey: 'my.admin.withdrawAudit', roles: ['auditor'] },
  { key: 'adminRewardDistribution', labelKey: 'my.admin.rewardDistribution', roles: [] },
  { key: 'adminAnalytics', labelKey: 'my.admin.analytics', roles: ['analyst'] },
  // NAV publishing, fund products and the redemption queue are admin only (funds admin-routes).
  { key: 'adminFunds', labelKey: 'my.admin.funds', roles: [] },
  { key: 'adminFundRedemptions', labelKey: 'my.admin.fundRedemptions', roles: [] },
  // Launchpad rounds are created and closed by admins only (launchpad admin-routes).
  { key: 'adminLaunchpad', labelKey: 'my.admin.launchpad', roles: [] },
  // Solvency is figures only: auditors and analysts read it too (solvency admin-routes).
  { key: 'adminSolvency', labelKey: 'my.admin.solvency', roles: ['auditor', 'analyst'] },
  // Proof-of-liabilities snapshots: read by the same roles; taking one and re-publishing are admin only (proofs
  // admin-routes).
  { key: 'adminProofs', labelKey: 'my.admin.proofs', roles: ['auditor', 'analyst'] },
  // Chain incidents are decided by admins only (incidents admin-routes).
  { key: 'adminIncidents', labelKey: 'my.admin.incidents', roles: [] },
  // Auditors read the audit log; granting and revoking roles is admin only (roles admin-routes).
  { key: 'adminAuditLog', labelKey: 'my.admin.auditLog', roles: ['auditor'] },
  { key: 'adminRoles', labelKey: 'my.admin.roles', roles: [] },
];

export interface AdminPage {
  key: PathKey;
  /** The menu's words: the page titles alone ("Audit", "Audit Orders") do not say what is audited. */
  labelKey: string;
  /** Besides admin, who holds them all. */
  roles: readonly Role[];
}

/** The admin pages a member holding `roles` may use, in menu order; none without a role. */
export function adminPagesFor(roles: readonly Role[]): (AdminPage & { path: string })[] {
  const admin = roles.includes('admin');
  return ADMIN_PAGES.filter((page) => admin || page.roles.some((r) => roles.includes(r))).map((page) => ({
    ...page,
    path: paths[page.key],
  }));
}
