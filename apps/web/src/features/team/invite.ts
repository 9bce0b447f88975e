import type { InviteInfo } from '@agc/shared';
import { paths } from '@web/lib/paths.ts';

/** The invite link of a side: this app's login page with the API's query (`?code=…&side=…`). */
export function inviteLink(origin: string, query: string): string {
  const q = query === '' || query.startsWith('?') ? query : `?${query}`;
  return `${origin}${paths.login}${q}`;
}

/**
 * Values of `invite.bonus`: the configured rates, so every language says the same numbers (the
 * spec's Traditional Chinese text with other numbers cannot come back).
 */
export const bonusValues = (rates: InviteInfo['rates']) => ({
  referral: rates.referral,
  pairing: rates.pairing_max,
  static: rates.static_max,
});
