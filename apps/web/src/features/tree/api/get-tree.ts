import { type TreeResponse, treeResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { treeKeys } from './keys.ts';

/**
 * GET /me/tree?id=: a node of the member's placement subtree (default: the member) with its left and
 * right child; one level per call. 404 for any node outside the subtree.
 */
export const getTree = (id?: string): Promise<TreeResponse> =>
  get('/me/tree', id === undefined ? undefined : { id }, { schema: treeResponse });

/** Team figures move with every confirmed order: a minute is fresh enough for browsing the chart. */
export const treeQueryOptions = (id?: string) =>
  queryOptions({ queryKey: treeKeys.node(id), queryFn: () => getTree(id), staleTime: 60_000 });

export const useTree = (id?: string) => useQuery(treeQueryOptions(id));
