import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { get } from './request.ts';

// Every list endpoint (orders, rewards, team, withdrawals, their admin lists) answers one page at a time:
// its items, its number and whether the server has more. The paging rules of the lists are here, once.

/** The part of a list answer the paging reads. */
export interface ListPage<T> {
  list: readonly T[];
  page: number;
  has_more: boolean;
}

/**
 * GET one page of a list endpoint: `page`, `size` (`pageSize` unless given), then the list's filters (absent
 * ones are left out of the query). Silent: a list shows its error inline.
 */
export const getListPage = <S extends z.ZodType>(
  path: string,
  schema: S,
  pageSize: number,
  { page, size, ...filters }: { page: number; size?: number },
) => get(path, { page, size: size ?? pageSize, ...filters }, { schema, silent: true });

/** The next page while the server says there is more (has_more), else none. */
export const nextPageParam = (last: Pick<ListPage<unknown>, 'page' | 'has_more'>): number | undefined =>
  last.has_more ? last.page + 1 : undefined;

/**
 * Every item of the loaded pages, each once (by `id`): pages are offsets, so an item that arrives or leaves
 * meanwhile shifts the next page and one item can arrive twice.
 */
export function uniqueItems<T>(
  pages: readonly { list: readonly T[] }[] | undefined,
  id: (item: T) => string,
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages ?? [])
    for (const item of page.list) {
      const key = id(item);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(item);
      }
    }
  return out;
}

/** The infinite query of a paged list under `queryKey`: page 1 first, then the next while the server has more. */
export const pagedQueryOptions = <P extends ListPage<unknown>, K extends QueryKey>(
  queryKey: K,
  fetchPage: (page: number) => Promise<P>,
) =>
  infiniteQueryOptions<P, Error, InfiniteData<P>, K, number>({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
