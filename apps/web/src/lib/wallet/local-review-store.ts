// The transactions waiting for the member's review (local-review.ts), one shown at a time, in the order asked:
// `requestLocalReview` is the local wallet's review prompt (main.tsx sets it), `useLocalReview` is what the page's
// review sheet shows and answers. Nothing here signs anything: an answer only settles the promise the wallet awaits.
import { useSyncExternalStore } from 'react';
import type { TxReview } from './local-review.ts';

export interface PendingReview {
  /** Increases with every request: a new sheet for every transaction, never an answer to the wrong one. */
  id: number;
  review: TxReview;
  answer: (approved: boolean) => void;
}

let queue: PendingReview[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const changed = () => {
  for (const listener of listeners) listener();
};

/** Shows `review` once those asked before are answered; resolves true when the member approves it. */
export function requestLocalReview(review: TxReview): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    const answer = (approved: boolean) => {
      if (!queue.some((p) => p.id === id)) return; // answered already
      queue = queue.filter((p) => p.id !== id);
      changed();
      resolve(approved);
    };
    queue = [...queue, { id, review, answer }];
    changed();
  });
}

/** The review shown now (the oldest unanswered), or null. */
export function currentLocalReview(): PendingReview | null {
  return queue[0] ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocalReview(): PendingReview | null {
  return useSyncExternalStore(subscribe, currentLocalReview, currentLocalReview);
}

/** Rejects every waiting review (tests: nothing is left waiting for the next one). */
export function rejectAllLocalReviews(): void {
  for (const pending of queue) pending.answer(false);
}
