// The admin product form: text fields as typed, turned into the API body (fundProductBody) with the field that
// is wrong named, so the form can say which.
import { type FundRisk, fundProductBody } from '@agc/shared';
import type { z } from 'zod';
import type { AdminFundProduct } from '../api/get-admin-products.ts';

export interface ProductDraft {
  name: string;
  description: string;
  /** JSON: {"zh-Hans": {"name": "…", "description": "…"}, …}. */
  translations: string;
  risk: FundRisk;
  lock_days: string;
  minimum_usdt: string;
  subscription_fee_percent: string;
  redemption_fee_percent: string;
  expected_yield_percent: string;
  distribution_percent: string;
  status: 'on' | 'off';
  sort: string;
}

export const EMPTY_DRAFT: ProductDraft = {
  name: '',
  description: '',
  translations: '{}',
  risk: 'Medium',
  lock_days: '30',
  minimum_usdt: '100',
  subscription_fee_percent: '0',
  redemption_fee_percent: '0',
  expected_yield_percent: '0',
  distribution_percent: '0',
  status: 'off',
  sort: '0',
};

export function draftOf(p: AdminFundProduct): ProductDraft {
  return {
    name: p.name_en,
    description: p.description_en,
    translations: JSON.stringify(p.translations, null, 2),
    risk: p.risk,
    lock_days: String(p.lock_days),
    minimum_usdt: p.minimum_usdt,
    subscription_fee_percent: p.subscription_fee_percent,
    redemption_fee_percent: p.redemption_fee_percent,
    expected_yield_percent: p.expected_yield_percent,
    distribution_percent: p.distribution_percent,
    status: p.status,
    sort: String(p.sort),
  };
}

export type ProductBody = z.input<typeof fundProductBody>;

export type DraftReading = { ok: true; body: ProductBody } | { ok: false; field: keyof ProductDraft };

/** The body of a draft, or the first field that is wrong (in the form's order). */
export function readDraft(d: ProductDraft): DraftReading {
  let translations: unknown;
  try {
    translations = JSON.parse(d.translations.trim() || '{}');
  } catch {
    return { ok: false, field: 'translations' };
  }
  if (typeof translations !== 'object' || translations === null || Array.isArray(translations))
    return { ok: false, field: 'translations' };
  const body = {
    name: d.name,
    description: d.description,
    translations,
    risk: d.risk,
    lock_days: d.lock_days.trim(),
    minimum_usdt: d.minimum_usdt.trim(),
    subscription_fee_percent: d.subscription_fee_percent.trim(),
    redemption_fee_percent: d.redemption_fee_percent.trim(),
    expected_yield_percent: d.expected_yield_percent.trim(),
    distribution_percent: d.distribution_percent.trim(),
    status: d.status,
    sort: d.sort.trim() || '0',
  };
  const parsed = fundProductBody.safeParse(body);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'name') as keyof ProductDraft;
    return { ok: false, field };
  }
  if (!/^\d+(\.\d+)?$/.test(body.lock_days)) return { ok: false, field: 'lock_days' };
  if (!/[1-9]/.test(body.minimum_usdt)) return { ok: false, field: 'minimum_usdt' };
  return { ok: true, body: body as ProductBody };
}
