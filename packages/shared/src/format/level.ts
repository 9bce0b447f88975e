/** i18n keys of the member levels: level 1..5 → list_vip0..list_vip4; anything else is list_vip0. */
export const LEVEL_KEYS = ['list_vip0', 'list_vip1', 'list_vip2', 'list_vip3', 'list_vip4'] as const;
export type LevelKey = (typeof LEVEL_KEYS)[number];

export function levelKey(level: number | string | null | undefined): LevelKey {
  const n = typeof level === 'string' && level.trim() !== '' ? Number(level) : level;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= LEVEL_KEYS.length) {
    return LEVEL_KEYS[n - 1] ?? 'list_vip0';
  }
  return 'list_vip0';
}
