import { type Relation, relationResponse } from '@agc/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { treeKeys } from './keys.ts';

/**
 * GET /me/relation?address=: the placement path from the member down to that address (top-down, at
 * most RELATION_PATH_LIMIT nodes, `truncated` when longer). 404 when the address is not in the
 * member's subtree, 400 when it is missing or malformed. Silent: the search shows its own message.
 */
export const getRelation = (address: string): Promise<Relation> =>
  get('/me/relation', { address }, { schema: relationResponse, silent: true });

export const relationQueryOptions = (address: string) =>
  queryOptions({
    queryKey: treeKeys.relation(address),
    queryFn: () => getRelation(address),
    staleTime: 60_000,
  });

/** The search runs on demand (the Search button), hence a mutation. */
export const useRelationSearch = () => useMutation({ mutationFn: getRelation });
