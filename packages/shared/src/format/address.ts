// Two shortenings exist in the product: the wallet's short address (kept in the wallet store) and the
// generic display shortening used in lists once a text passes a length limit.

export const SHORT_ADDRESS_HEAD = 12;
export const SHORT_ADDRESS_TAIL = 8;
export const ELLIPSIS_HEAD = 16;
export const ELLIPSIS_TAIL = 4;
/** Default limit of `ellipsisMiddle`: a text longer than head + tail (20) is shortened. */
export const ELLIPSIS_DEFAULT_LIMIT = ELLIPSIS_HEAD + ELLIPSIS_TAIL;

/** Wallet short address: first 12 characters, '...', last 8 ("0x1234567890...90abcdef"). */
export function shortAddress(address: string | null | undefined): string {
  if (!address) return '';
  if (address.length <= SHORT_ADDRESS_HEAD + SHORT_ADDRESS_TAIL) return address;
  return `${address.slice(0, SHORT_ADDRESS_HEAD)}...${address.slice(-SHORT_ADDRESS_TAIL)}`;
}

/**
 * Display shortening: a text longer than `limit` shows its first 16 characters, '...', last 4.
 * A limit below 20 is raised to 20, since the shortened form would otherwise be longer than the text.
 */
export function ellipsisMiddle(
  text: string | null | undefined,
  limit: number = ELLIPSIS_DEFAULT_LIMIT,
): string {
  if (!text) return '';
  if (text.length <= Math.max(limit, ELLIPSIS_DEFAULT_LIMIT)) return text;
  return `${text.slice(0, ELLIPSIS_HEAD)}...${text.slice(-ELLIPSIS_TAIL)}`;
}
