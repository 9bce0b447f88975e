/** A page of a list answer (packages/shared `pageOf`): its items, the total, the page, its size and whether more follow. */
export function pageAnswer<T>(list: T[], total: number, q: { page: number; size: number }) {
  return { list, total, page: q.page, size: q.size, has_more: q.page * q.size < total };
}
