import { describe, expect, it } from 'vitest';
import { changeRows, formatValue, NONE } from './changes.ts';

describe('audit entry before/after as lines', () => {
  it('formats lists, records, nothing and plain values', () => {
    expect(formatValue(['admin', 'analyst'])).toBe('admin, analyst');
    expect(formatValue([])).toBe(NONE);
    expect(formatValue(null)).toBe(NONE);
    expect(formatValue(undefined)).toBe(NONE);
    expect(formatValue({ request: '7', role: 'admin' })).toBe('request: 7; role: admin');
    expect(formatValue({})).toBe(NONE);
    expect(formatValue(12)).toBe('12');
    expect(formatValue(false)).toBe('false');
    expect(formatValue('1.500000')).toBe('1.500000');
  });

  it('one line per field, before’s fields first, marking what changed', () => {
    expect(
      changeRows({ roles: [], pending: { request: '3', role: 'admin' } }, { roles: ['admin'], note: 'x' }),
    ).toEqual([
      { field: 'roles', before: NONE, after: 'admin', changed: true },
      { field: 'pending', before: 'request: 3; role: admin', after: NONE, changed: true },
      { field: 'note', before: NONE, after: 'x', changed: true },
    ]);
    expect(changeRows({ status: 'Paid' }, { status: 'Paid' })).toEqual([
      { field: 'status', before: 'Paid', after: 'Paid', changed: false },
    ]);
  });

  it('a record on one side only, or nothing on both, still reads by field', () => {
    expect(changeRows(null, { status: 'Open' })).toEqual([
      { field: 'status', before: NONE, after: 'Open', changed: true },
    ]);
    expect(changeRows(null, null)).toEqual([]);
  });

  it('values that are not records read as one line', () => {
    expect(changeRows('a', ['b', 'c'])).toEqual([{ field: '', before: 'a', after: 'b, c', changed: true }]);
  });
});
