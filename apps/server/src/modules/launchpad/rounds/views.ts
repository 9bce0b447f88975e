import type { AppContext } from '@server/context.ts';

// How many times this process has edited each round. A sale's view of a round (purchases/service.ts) remembers the
// count when its read began; a view begun before an edit is read again, so this process never refuses a buyer
// on terms an admin has just changed. Other processes read their views again within their 1 s lifetime, as
// after a close; every sale is decided under the round's row lock, on the row as edited, in any case.

const edits = new WeakMap<AppContext, Map<number, number>>();

/** Counts an edit of round `id` (called once the edit is committed). */
export function markRoundEdited(ctx: AppContext, id: number): void {
  let byRound = edits.get(ctx);
  if (!byRound) {
    byRound = new Map();
    edits.set(ctx, byRound);
  }
  byRound.set(id, (byRound.get(id) ?? 0) + 1);
}

/** Edits of round `id` this process has made so far. */
export const roundEdits = (ctx: AppContext, id: number): number => edits.get(ctx)?.get(id) ?? 0;
