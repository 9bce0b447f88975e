import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, readFilters } from './filters.ts';

describe('audit log filters', () => {
  it('leaves out blank filters and lower-cases the actor', () => {
    expect(readFilters(EMPTY_DRAFT)).toEqual({ ok: true, filters: {} });
    const actor = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
    expect(
      readFilters({ action: ' role. ', actor, target: '', from: '2026-11-01', to: '2026-11-25' }),
    ).toEqual({
      ok: true,
      filters: { action: 'role.', actor: actor.toLowerCase(), from: '2026-11-01', to: '2026-11-25' },
    });
  });

  it('names the field the server would refuse', () => {
    expect(readFilters({ ...EMPTY_DRAFT, actor: '0x12' })).toEqual({ ok: false, field: 'actor' });
    expect(readFilters({ ...EMPTY_DRAFT, from: '2026-02-30' })).toEqual({ ok: false, field: 'from' });
    expect(readFilters({ ...EMPTY_DRAFT, from: '2026-11-02', to: '2026-11-01' })).toEqual({
      ok: false,
      field: 'to',
    });
  });
});
