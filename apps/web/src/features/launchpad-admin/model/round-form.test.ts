import { describe, expect, it } from 'vitest';
import { EMPTY_ROUND_DRAFT, instantOf, type RoundDraft, readRoundDraft, roundDraftOf } from './round-form.ts';

const good: RoundDraft = {
  ...EMPTY_ROUND_DRAFT,
  name: '  Seed round ',
  price_usdt: '500',
  agc_per_copy: '1000.5',
  starts_at: '2026-12-01 10:00',
  ends_at: '2026-12-08 10:00',
  cliff_days: '30',
  linear_days: '180',
};

describe('the new-round form', () => {
  it('reads a good draft into the API body (name trimmed, times as UTC instants)', () => {
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
    expect(r.body.starts_at).toBe('2026-12-01T10:00:00.000Z');
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
    [{ starts_at: '2026-13-45 99:99' }, 'starts_at'],
    [{ starts_at: '2026-02-30 10:00' }, 'starts_at'],
    [{ starts_at: '2026-12-01T10:00' }, 'starts_at'],
    [{ starts_at: '12/01/2026 10:00' }, 'starts_at'],
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
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // That field and no other.
    expect(Object.keys(r.problems)).toEqual([field]);
  });

  it("says each field's own reason, every wrong field at once", () => {
    const r = readRoundDraft({
      ...good,
      name: ' ',
      price_usdt: '-5',
      agc_per_copy: '1.0000000000000000001',
      copies: '0',
      starts_at: '2026-13-45 99:99',
      ends_at: '',
      linear_days: 'x',
    });
    expect(r).toEqual({
      ok: false,
      problems: {
        name: { key: 'required' },
        price_usdt: { key: 'amount_positive' },
        agc_per_copy: { key: 'amount_decimals', values: { decimals: 18 } },
        copies: { key: 'wholeNumber', values: { min: 1, max: 100_000 } },
        starts_at: { key: 'time' },
        ends_at: { key: 'required' },
        linear_days: { key: 'wholeNumber', values: { min: 0, max: 3650 } },
      },
    });
  });

  it('reads the other languages as JSON (empty is none)', () => {
    const r = readRoundDraft({ ...good, translations: '{"ja": {"name": "シード", "description": "説明"}}' });
    expect(r.ok && r.body.translations).toEqual({ ja: { name: 'シード', description: '説明' } });
    const none = readRoundDraft({ ...good, translations: '  ' });
    expect(none.ok && none.body.translations).toEqual({});
  });

  it('refuses an end at or before the start, and a limit above the copies', () => {
    expect(readRoundDraft({ ...good, ends_at: good.starts_at })).toEqual({
      ok: false,
      problems: { ends_at: { key: 'endBeforeStart' } },
    });
    expect(readRoundDraft({ ...good, copies: '5', per_member_limit: '6' })).toEqual({
      ok: false,
      problems: { per_member_limit: { key: 'limitOverCopies' } },
    });
  });

  it('reads YYYY-MM-DD HH:mm as UTC whatever the device, and nothing else', () => {
    expect(instantOf('2026-12-01 10:00')).toBe('2026-12-01T10:00:00.000Z');
    expect(instantOf(' 2026-12-31 23:59 ')).toBe('2026-12-31T23:59:00.000Z');
    for (const bad of [
      '2026-12-01',
      '2026-12-01T10:00',
      '2026-12-01 24:00',
      '2026-12-32 10:00',
      '2026-12-01 10:00:00',
      '',
    ])
      expect(instantOf(bad), bad).toBeNull();
  });

  it('fills the form with a round’s terms to edit it (times in UTC), which read back to the same terms', () => {
    const round = {
      id: 3,
      name: 'Seed Round',
      description: 'The first AGC venture round.',
      copies: 200,
      sold: 0,
      remaining: 200,
      price_usdt: '500',
      agc_per_copy: '1000',
      per_member_limit: 5,
      starts_at: '2026-12-01T01:30:00.000Z',
      ends_at: '2026-12-20T23:00:00.000Z',
      cliff_days: 30,
      linear_days: 180,
      release_starts_at: '2027-01-19T23:00:00.000Z',
      state: 'Upcoming' as const,
      my_copies: 0,
      server_time: '2026-11-25T00:00:00.000Z',
      translations: { ja: { name: 'シード' } },
      status: 'open' as const,
      raised_usdt: '0',
      buyers: 0,
      created_at: '2026-11-19T00:00:00.000Z',
    };
    const draft = roundDraftOf(round);
    expect(draft).toEqual({
      name: 'Seed Round',
      description: 'The first AGC venture round.',
      translations: '{"ja":{"name":"シード"}}',
      copies: '200',
      price_usdt: '500',
      agc_per_copy: '1000',
      per_member_limit: '5',
      starts_at: '2026-12-01 01:30',
      ends_at: '2026-12-20 23:00',
      cliff_days: '30',
      linear_days: '180',
    });
    const back = readRoundDraft(draft);
    expect(back.ok && back.body).toMatchObject({
      name: round.name,
      translations: round.translations,
      copies: 200,
      price_usdt: '500',
      starts_at: round.starts_at,
      ends_at: round.ends_at,
    });
  });

  it('an edit keeps the seconds of a time it did not touch, and reads a changed one to the minute', () => {
    const original = { starts_at: '2026-12-01T01:30:45.250Z', ends_at: '2026-12-20T23:00:59.000Z' };
    const draft = { ...good, starts_at: '2026-12-01 01:30', ends_at: '2026-12-21 08:15' };
    const r = readRoundDraft(draft, original);
    expect(r.ok && [r.body.starts_at, r.body.ends_at]).toEqual([
      '2026-12-01T01:30:45.250Z',
      '2026-12-21T08:15:00.000Z',
    ]);
    // Without the round (a new one), the typed minute is the time.
    const fresh = readRoundDraft(draft);
    expect(fresh.ok && fresh.body.starts_at).toBe('2026-12-01T01:30:00.000Z');
  });
});
