import type { InviteInfo } from '@agc/shared';
import { LOGIN_PATH } from '../../lib/routeTable.ts';

export const INVITE_TREE_PATH = '/pages/my/invite/inviteTree';
export const TEAM_USER_PATH = '/pages/index/team_user';

/** The invite link of a side: this app's login page with the API's query (`?code=…&side=…`). */
export function inviteLink(origin: string, query: string): string {
  const q = query === '' || query.startsWith('?') ? query : `?${query}`;
  return `${origin}${LOGIN_PATH}${q}`;
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
