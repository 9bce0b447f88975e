/**
 * i18n keys (under `level.`) of the member levels, indexed by level: 0 (nothing invested, below the first
 * threshold) is `none` ("No level"), levels 1..5 are list_vip0..list_vip4 (V1..V5, the spec's names).
 */
export const LEVEL_KEYS = ['none', 'list_vip0', 'list_vip1', 'list_vip2', 'list_vip3', 'list_vip4'] as const;
export type LevelKey = (typeof LEVEL_KEYS)[number];

/**
 * The key of a level (a number, or its text). Level 0 and anything that is not a level 1..5 (missing,
 * negative, fractional, unknown) is no level: never shown as V1, which only level 1 is.
 */
export function levelKey(level: number | string | null | undefined): LevelKey {
  const n = typeof level === 'string' && level.trim() !== '' ? Number(level) : level;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n < LEVEL_KEYS.length) {
    return LEVEL_KEYS[n] ?? 'none';
  }
  return 'none';
}
