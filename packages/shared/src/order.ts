/**
 * The larger and smaller of two bigints (amounts) or ISO day strings ('2030-01-02'). `Math.max` takes numbers
 * only: a bigint would throw and a float would round an amount.
 */
export function maxOf<T extends bigint | string>(a: T, b: T): T {
  if (a >= b) return a;
  return b;
}

export function minOf<T extends bigint | string>(a: T, b: T): T {
  if (a <= b) return a;
  return b;
}
