/** A page of a list answer (packages/shared `pageOf`): its items, the total, the page, its size and whether more follow. */
export function pageAnswer<T>(list: T[], total: number, q: { page: number; size: number }) {
  return { list, total, page: q.page, size: q.size, has_more: q.page * q.size < total };
}

/** A repository's list query, filtered and ordered, before its page is cut (a Drizzle select builder). */
export interface PageableQuery<T> {
  limit(size: number): { offset(skip: number): PromiseLike<T[]> };
}

/**
 * One page of a repository's list query (`q.size` rows from page `q.page`, 1-based) read beside its count query
 * (`select count() … where` with the same filter): the page's rows and the total.
 */
export async function pageRows<T>(
  q: { page: number; size: number },
  rows: PageableQuery<T>,
  counted: PromiseLike<{ n: number }[]>,
): Promise<{ list: T[]; total: number }> {
  const [list, [total]] = await Promise.all([rows.limit(q.size).offset((q.page - 1) * q.size), counted]);
  return { list, total: Number(total?.n ?? 0) };
}
