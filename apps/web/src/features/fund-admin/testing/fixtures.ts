// Admin fund records as the server answers them, for the admin fund pages' tests.
import type { FundNavEntry } from '@agc/shared';
import { makeFundProduct, makeRedemption } from '@web/test/fund-fixtures.ts';
import type { AdminFundProduct } from '../api/get-admin-products.ts';
import type { AdminRedemption } from '../api/get-admin-redemptions.ts';

export const ADMIN_A = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const ADMIN_B = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

export function makeAdminProduct(overrides: Partial<AdminFundProduct> = {}): AdminFundProduct {
  return {
    ...makeFundProduct(),
    name_en: 'Steady Income',
    description_en: 'Short bonds',
    translations: { ja: { name: '安定インカム' } },
    sort: 0,
    ...overrides,
  };
}

export function makeNavEntry(overrides: Partial<FundNavEntry> = {}): FundNavEntry {
  return {
    nav_id: '51',
    product: { id: 3, name: 'Steady Income' },
    day: '2025-03-10',
    nav: '1.06',
    previous_nav: '1.05',
    step_percent: '0.95',
    max_step_percent: '10',
    week_base_nav: '1.05',
    week_percent: '0.95',
    max_week_percent: '20',
    review: null,
    status: 'Published',
    entered_by: ADMIN_A,
    entered_by_you: false,
    confirmed_by: null,
    published_at: '2025-03-10T01:00:00.000Z',
    created_at: '2025-03-10T01:00:00.000Z',
    priced: { subscriptions: 4, redemptions: 2 },
    confirm: { can: false, reason: 'This NAV entry is no longer waiting for confirmation' },
    reject: { can: false, reason: 'This NAV entry is no longer waiting for confirmation' },
    ...overrides,
  };
}

export function makeAdminRedemption(overrides: Partial<AdminRedemption> = {}): AdminRedemption {
  return { ...makeRedemption({ queue_place: 1 }), address: ADMIN_B, ...overrides };
}
