import type { FundRedemptionStatus } from '@agc/shared';

/** Query keys of the admin fund pages (products with their latest NAV, pending NAVs, the redemption queue). */
export const fundAdminKeys = {
  all: ['fund-admin'] as const,
  products: ['fund-admin', 'products'] as const,
  pendingNavs: ['fund-admin', 'nav-pending'] as const,
  redemptions: ['fund-admin', 'redemptions'] as const,
  redemptionList: (status: FundRedemptionStatus) => ['fund-admin', 'redemptions', status] as const,
};
