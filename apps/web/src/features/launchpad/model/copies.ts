import { AGC_DECIMALS, formatAmount, type LaunchpadRound, parseAmount, USDT_DECIMALS } from '@agc/shared';

// The buy sheet's rules: how many copies a member may take now, and what they cost (bigint minor units, never a
// JS number near an amount). The server checks all of it again under the round's lock.

/** The most copies the member may buy now: min(copies left, limit − copies held); 0 unless the round is Open. */
export function maxCopies(
  round: Pick<LaunchpadRound, 'state' | 'remaining' | 'per_member_limit' | 'my_copies'>,
) {
  if (round.state !== 'Open') return 0;
  return Math.max(0, Math.min(round.remaining, round.per_member_limit - round.my_copies));
}

/** Why the member cannot buy now (null: they can). */
export type BuyBlock = 'notOpen' | 'soldOut' | 'limit' | null;
export function buyBlock(
  round: Pick<LaunchpadRound, 'state' | 'remaining' | 'per_member_limit' | 'my_copies'>,
): BuyBlock {
  if (round.state === 'SoldOut' || (round.state === 'Open' && round.remaining <= 0)) return 'soldOut';
  if (round.state !== 'Open') return 'notOpen';
  if (round.my_copies >= round.per_member_limit) return 'limit';
  return null;
}

/** The copies field's value kept within 1..max (max ≥ 1); anything unreadable becomes 1. */
export function clampCopies(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.trunc(value)), Math.max(1, max));
}

/** price × copies as a USDT decimal string. */
export const costOf = (priceUsdt: string, copies: number): string =>
  formatAmount(parseAmount(priceUsdt, USDT_DECIMALS) * BigInt(copies), USDT_DECIMALS);

/** AGC per copy × copies as an AGC decimal string. */
export const agcOf = (agcPerCopy: string, copies: number): string =>
  formatAmount(parseAmount(agcPerCopy, AGC_DECIMALS) * BigInt(copies), AGC_DECIMALS);

/** The available USDT covers the cost (both decimal strings; false when either is unreadable). */
export function canAfford(availableUsdt: string, costUsdt: string): boolean {
  try {
    return parseAmount(availableUsdt, USDT_DECIMALS) >= parseAmount(costUsdt, USDT_DECIMALS);
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;

/** When the linear release ends (release start + linear days); the whole amount at once when linear is 0. */
export function releaseEndsAt(releaseStartsAt: string, linearDays: number): string {
  const start = Date.parse(releaseStartsAt);
  if (Number.isNaN(start)) return releaseStartsAt;
  return new Date(start + linearDays * DAY_MS).toISOString();
}

/** Share sold, 0–100, for the progress bar (whole copies: a number is exact here). */
export const soldPercent = (sold: number, copies: number): number =>
  copies <= 0 ? 0 : Math.min(100, Math.round((sold / copies) * 100));
