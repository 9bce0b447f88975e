import type { Role } from '@agc/shared';
import type { PathKey } from '../../../lib/paths.ts';
import { ROUTE_TABLE, type RouteDef } from '../../../lib/route-table.ts';

/**
 * The admin pages and the roles that open them, as the server decides (`requireRole`; admin holds every role):
 * the order and withdrawal audits are `auditor` (shop and withdraw admin-routes), reward distribution is `admin`
 * only (rewards admin-routes), analytics is `analyst` (PRODUCT.md: read only).
 */
const ADMIN_PAGES: readonly { key: PathKey; roles: readonly Role[] }[] = [
  { key: 'adminOrderAudit', roles: ['auditor'] },
  { key: 'adminWithdrawAudit', roles: ['auditor'] },
  { key: 'adminRewardDistribution', roles: [] },
  { key: 'adminAnalytics', roles: ['analyst'] },
];

/** The admin pages a member holding `roles` may use, in menu order; none without a role. */
export function adminPagesFor(roles: readonly Role[]): RouteDef[] {
  const admin = roles.includes('admin');
  return ADMIN_PAGES.filter((page) => admin || page.roles.some((r) => roles.includes(r))).flatMap(
    (page) => ROUTE_TABLE.find((route) => route.key === page.key) ?? [],
  );
}
