import { ok, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getListPage, nextPageParam, uniqueItems } from './paged-list.ts';

afterEach(() => vi.unstubAllGlobals());

const pageSchema = z.object({
  list: z.array(z.object({ id: z.string() })),
  page: z.number(),
  has_more: z.boolean(),
});

describe('paged lists', () => {
  it('asks page, size (the default unless given) and the filters that are set', async () => {
    // A real paged list of the API (the fake's answers are held to its document).
    const calls = stubApi({
      'GET /api/v1/order/all': () => ok({ list: [], total: 0, page: 1, size: 20, has_more: false }),
    });
    const filtered = { page: 2, status: 'Success', missing: undefined };
    await getListPage('/order/all', pageSchema, 20, filtered);
    await getListPage('/order/all', pageSchema, 20, { page: 1, size: 5 });
    expect(calls.map((c) => c.query.toString())).toEqual(['page=2&size=20&status=Success', 'page=1&size=5']);
  });

  it('has a next page only while the server says has_more', () => {
    expect(nextPageParam({ page: 3, has_more: true })).toBe(4);
    expect(nextPageParam({ page: 3, has_more: false })).toBeUndefined();
  });

  it('keeps each item once, in the order the pages brought them', () => {
    const pages = [{ list: [{ id: '3' }, { id: '2' }] }, { list: [{ id: '2' }, { id: '1' }] }];
    expect(uniqueItems(pages, (item) => item.id).map((item) => item.id)).toEqual(['3', '2', '1']);
    expect(uniqueItems(undefined, (item: { id: string }) => item.id)).toEqual([]);
  });
});
