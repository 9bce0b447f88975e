// The last answers of the queries the first screens paint from, kept in localStorage for the next visit: home,
// the shop and the funds paint the member's last known figures at once (marked as refreshing, see
// components/LastKnown.tsx) while the requests run, and offline they are what the member sees. Kept per wallet:
// another wallet's session restores nothing, and ending the session forgets them (as it forgets `userInfo`, which
// holds the same /me figures). Nothing else of the cache is written anywhere.
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { forgetQueries, QUERY_CACHE_KEY } from './query.ts';

export { forgetQueries, QUERY_CACHE_KEY };

const VERSION = 1;
/** Older figures are not worth painting: the member would read a week-old balance. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 1000;

/** The query roots whose answers are kept: the figures of home, the account page, the shop and the funds. */
export const PERSISTED_ROOTS: ReadonlySet<string> = new Set([
  'me',
  'config',
  'products',
  'token-price',
  'fund-products',
  'fund-summary',
]);

interface Stored {
  v: number;
  /** The wallet whose session wrote it (lower-case). */
  owner: string;
  savedAt: number;
  state: DehydratedState;
}

const kept = (query: Query) =>
  query.state.status === 'success' &&
  PERSISTED_ROOTS.has(String(query.queryKey[0])) &&
  !query.state.isInvalidated;

function read(): Stored | null {
  try {
    const raw = localStorage.getItem(QUERY_CACHE_KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

/**
 * Start-up, before the first render: puts the kept answers of this wallet's session into the cache, each marked
 * invalidated, so that every query showing one asks again as it mounts whatever its staleTime (a kept answer may
 * be older than a change the last page made). Returns how many were restored.
 */
export function restoreQueries(client: QueryClient, owner: string | null, now = Date.now()): number {
  const stored = read();
  if (!stored) return 0;
  const usable =
    owner !== null &&
    stored.v === VERSION &&
    stored.owner === owner.toLowerCase() &&
    now - stored.savedAt <= QUERY_CACHE_MAX_AGE_MS;
  if (!usable) {
    forgetQueries();
    return 0;
  }
  hydrate(client, stored.state);
  const restored = new Set(stored.state.queries.map((q) => q.queryHash));
  void client.invalidateQueries({ predicate: (q) => restored.has(q.queryHash), refetchType: 'none' });
  return stored.state.queries.length;
}

/** Writes the kept answers a moment after the cache changes, while a session is open; returns the unsubscribe. */
export function persistQueries(client: QueryClient, owner: () => string | null): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const who = owner();
    if (!who) return;
    const state = dehydrate(client, { shouldDehydrateQuery: kept });
    const stored: Stored = { v: VERSION, owner: who.toLowerCase(), savedAt: Date.now(), state };
    try {
      localStorage.setItem(QUERY_CACHE_KEY, JSON.stringify(stored));
    } catch {
      // storage full or refused: the next visit paints skeletons, as before
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !kept(event.query)) return;
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    if (timer) clearTimeout(timer);
    unsubscribe();
  };
}
