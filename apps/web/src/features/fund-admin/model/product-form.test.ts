import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, readDraft } from './product-form.ts';

describe('product form', () => {
  it('names the wrong field', () => {
    expect(readDraft({ ...EMPTY_DRAFT, name: '' })).toEqual({ ok: false, field: 'name' });
    expect(readDraft({ ...EMPTY_DRAFT, name: 'A', translations: '{bad' })).toEqual({
      ok: false,
      field: 'translations',
    });
    expect(readDraft({ ...EMPTY_DRAFT, name: 'A', translations: '[]' })).toEqual({
      ok: false,
      field: 'translations',
    });
    expect(readDraft({ ...EMPTY_DRAFT, name: 'A', redemption_fee_percent: '1.5%' })).toEqual({
      ok: false,
      field: 'redemption_fee_percent',
    });
    expect(readDraft({ ...EMPTY_DRAFT, name: 'A', minimum_usdt: '0' })).toEqual({
      ok: false,
      field: 'minimum_usdt',
    });
  });
  it('builds the body with translations', () => {
    const r = readDraft({
      ...EMPTY_DRAFT,
      name: 'Steady',
      translations: '{"ja":{"name":"安定"}}',
      redemption_fee_percent: '0.5',
    });
    expect(r.ok && r.body.translations).toEqual({ ja: { name: '安定' } });
    expect(r.ok && r.body.redemption_fee_percent).toBe('0.5');
  });
});
