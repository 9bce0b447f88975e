import { describe, expect, it } from 'vitest';
import { EMPTY_ROUND_DRAFT, instantOf, type RoundDraft, readRoundDraft } from './round-form.ts';

const good: RoundDraft = {
  ...EMPTY_ROUND_DRAFT,
  name: '  Seed round ',
  price_usdt: '500',
  agc_per_copy: '1000.5',
  starts_at: '2026-12-01T10:00',
  ends_at: '2026-12-08T10:00',
  cliff_days: '30',
  linear_days: '180',
};

describe('the new-round form', () => {
  it('reads a good draft into the API body (name trimmed, times as instants)', () => {
    const r = readRoundDraft(good);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.body).toMatchObject({
      name: 'Seed round',
      copies: 200,
      price_usdt: '500',
      agc_per_copy: '1000.5',
      per_member_limit: 10,
      cliff_days: 30,
      linear_days: 180,
      translations: {},
    });
    expect(r.body.starts_at).toBe(new Date('2026-12-01T10:00').toISOString());
    expect(Date.parse(r.body.ends_at) - Date.parse(r.body.starts_at)).toBe(7 * 86_400_000);
  });

  it.each([
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(81) }, 'name'],
    [{ copies: '0' }, 'copies'],
    [{ copies: '1.5' }, 'copies'],
    [{ copies: '100001' }, 'copies'],
    [{ price_usdt: '' }, 'price_usdt'],
    [{ price_usdt: '0' }, 'price_usdt'],
    [{ price_usdt: '-1' }, 'price_usdt'],
    [{ price_usdt: '1.0000001' }, 'price_usdt'],
    [{ price_usdt: '1e3' }, 'price_usdt'],
    [{ agc_per_copy: '0.0' }, 'agc_per_copy'],
    [{ agc_per_copy: '1.0000000000000000001' }, 'agc_per_copy'],
    [{ per_member_limit: '0' }, 'per_member_limit'],
    [{ starts_at: '' }, 'starts_at'],
    [{ starts_at: '2026-13-45T99:99' }, 'starts_at'],
    [{ ends_at: 'tomorrow' }, 'ends_at'],
    [{ cliff_days: '-1' }, 'cliff_days'],
    [{ cliff_days: '3651' }, 'cliff_days'],
    [{ linear_days: 'x' }, 'linear_days'],
    [{ translations: '{"ja": ' }, 'translations'],
    [{ translations: '[]' }, 'translations'],
    [{ translations: '{"ja": "名前"}' }, 'translations'],
    [{ translations: `{"ja": {"name": "${'x'.repeat(81)}"}}` }, 'translations'],
  ] as const)('refuses %o (field %s)', (change, field) => {
    const r = readRoundDraft({ ...good, ...change });
    expect(r).toMatchObject({ ok: false, field, reason: 'invalid' });
  });

  it('reads the other languages as JSON (empty is none)', () => {
    const r = readRoundDraft({ ...good, translations: '{"ja": {"name": "シード", "description": "説明"}}' });
    expect(r.ok && r.body.translations).toEqual({ ja: { name: 'シード', description: '説明' } });
    const none = readRoundDraft({ ...good, translations: '  ' });
    expect(none.ok && none.body.translations).toEqual({});
  });

  it('refuses an end at or before the start, and a limit above the copies', () => {
    expect(readRoundDraft({ ...good, ends_at: good.starts_at })).toMatchObject({
      ok: false,
      field: 'ends_at',
      reason: 'endBeforeStart',
    });
    expect(readRoundDraft({ ...good, copies: '5', per_member_limit: '6' })).toMatchObject({
      ok: false,
      field: 'per_member_limit',
      reason: 'limitOverCopies',
    });
  });

  it('reads datetime-local values only', () => {
    expect(instantOf('2026-12-01T10:00')).toBe(new Date('2026-12-01T10:00').toISOString());
    expect(instantOf('2026-12-01')).toBeNull();
    expect(instantOf('')).toBeNull();
  });
});
