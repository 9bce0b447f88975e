/**
 * Inputs no formatter can read (nothing, blanks, words, non-finite numbers): each formatter's test
 * checks its fallback for all of them, plus the unreadable values peculiar to it.
 */
export const UNREADABLE_INPUTS = [
  undefined,
  null,
  '',
  '  ',
  'abc',
  Number.NaN,
  Number.POSITIVE_INFINITY,
] as const;
