import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, readDraft } from './product-form.ts';

describe('product form', () => {
  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'A', translations: '{bad' }, 'translations'],
    [{ name: 'A', translations: '[]' }, 'translations'],
    [{ name: 'A', redemption_fee_percent: '1.5%' }, 'redemption_fee_percent'],
    [{ name: 'A', minimum_usdt: '0' }, 'minimum_usdt'],
  ] as const)('names the wrong field: %o is wrong in %s', (change, field) => {
    expect(readDraft({ ...EMPTY_DRAFT, ...change })).toEqual({ ok: false, field });
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
