/**
 * The value, checked: where the code's own logic guarantees a value TypeScript cannot see (the row an INSERT …
 * RETURNING just wrote, the first of a list known to be non-empty, an element the page just rendered), this says
 * so and fails loudly, naming what was missing, instead of a non-null assertion (`x!`) that would let an
 * `undefined` run on into a wrong figure.
 */
export function defined<T>(value: T, what = 'a value'): NonNullable<T> {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, got ${String(value)}`);
  return value as NonNullable<T>;
}
