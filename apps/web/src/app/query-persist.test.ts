import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetQueries,
  persistQueries,
  QUERY_CACHE_KEY,
  QUERY_CACHE_MAX_AGE_MS,
  restoreQueries,
} from './query-persist.ts';

const OWNER = '0xAbC0000000000000000000000000000000000001';
const OTHER = '0x0000000000000000000000000000000000000002';

/** A client with answers of kept roots (me, config) and of others (orders, a withdrawal). */
function filled() {
  const client = new QueryClient();
  client.setQueryData(['me'], { address: OWNER, investment_sum: '12.5' });
  client.setQueryData(['config'], { chain_id: 42161 });
  client.setQueryData(['orders', 'all'], { list: [1, 2, 3] });
  client.setQueryData(['withdraw', '7'], { amount: '9' });
  return client;
}

async function saved(client: QueryClient, owner: string | null) {
  vi.useFakeTimers();
  const stop = persistQueries(client, () => owner);
  client.setQueryData(['me'], { address: OWNER, investment_sum: '13' }); // a change triggers the write
  await vi.advanceTimersByTimeAsync(1500);
  stop();
  vi.useRealTimers();
  return localStorage.getItem(QUERY_CACHE_KEY);
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the kept query answers', () => {
  it('keeps only the first screens’ roots, for the session’s wallet, and restores them for it', async () => {
    const raw = await saved(filled(), OWNER);
    const stored = JSON.parse(raw ?? 'null');
    expect(stored.owner).toBe(OWNER.toLowerCase());
    expect(stored.state.queries.map((q: { queryKey: unknown[] }) => q.queryKey[0]).sort()).toEqual([
      'config',
      'me',
    ]);

    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    expect(restoreQueries(next, OWNER.toLowerCase())).toBe(2);
    expect(next.getQueryData(['me'])).toEqual({ address: OWNER, investment_sum: '13' });
    expect(next.getQueryData(['orders', 'all'])).toBeUndefined();
    // Shown at once, but asked again as soon as a page shows it, however fresh its staleTime would call it.
    expect(next.getQueryState(['me'])?.isInvalidated).toBe(true);
    let asked = 0;
    await next.fetchQuery({
      queryKey: ['me'],
      queryFn: () => {
        asked++;
        return { address: OWNER, investment_sum: '14' };
      },
    });
    expect(asked).toBe(1);
    expect(next.getQueryData(['me'])).toEqual({ address: OWNER, investment_sum: '14' });
  });

  it('writes nothing without a session', async () => {
    expect(await saved(filled(), null)).toBeNull();
  });

  it('restores nothing for another wallet, without a session, or when too old, and forgets it', async () => {
    await saved(filled(), OWNER);
    expect(restoreQueries(new QueryClient(), OTHER)).toBe(0);
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();

    await saved(filled(), OWNER);
    expect(restoreQueries(new QueryClient(), null)).toBe(0);

    await saved(filled(), OWNER);
    const later = Date.now() + QUERY_CACHE_MAX_AGE_MS + 60_000;
    const client = new QueryClient();
    expect(restoreQueries(client, OWNER, later)).toBe(0);
    expect(client.getQueryData(['me'])).toBeUndefined();
  });

  it('forgets them when the session ends', async () => {
    await saved(filled(), OWNER);
    forgetQueries();
    expect(localStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    expect(restoreQueries(new QueryClient(), OWNER)).toBe(0);
  });

  it('ignores a stored value it cannot read', () => {
    localStorage.setItem(QUERY_CACHE_KEY, '{not json');
    expect(restoreQueries(new QueryClient(), OWNER)).toBe(0);
  });
});
