/** One line of an entry's before/after: a field, its value before and after, and whether it changed. */
export interface ChangeRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

/** What the page shows for a missing value. */
export const NONE = '—';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored value in a line: lists joined with commas, records as `key: value`, nothing as —. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return NONE;
  if (Array.isArray(value)) return value.length === 0 ? NONE : value.map(formatValue).join(', ');
  if (isRecord(value)) {
    const parts = Object.entries(value).map(([k, v]) => `${k}: ${formatValue(v)}`);
    return parts.length === 0 ? NONE : parts.join('; ');
  }
  return String(value);
}

/**
 * An entry's before and after as lines a person reads: when both are records (or absent), one line per field in the
 * order they first appear (before's fields, then the new ones); otherwise one line for the whole value.
 */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  const records = (isRecord(before) || before == null) && (isRecord(after) || after == null);
  if (!records) {
    const b = formatValue(before);
    const a = formatValue(after);
    return [{ field: '', before: b, after: a, changed: b !== a }];
  }
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => {
    const was = formatValue(b[field]);
    const is = formatValue(a[field]);
    return { field, before: was, after: is, changed: was !== is };
  });
}
