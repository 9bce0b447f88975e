import { type SubtreeResponse, subtreeResponse } from '@agc/shared';
import { get } from '@web/lib/request.ts';

/**
 * GET /me/tree/subtree?id=: a node of the member's placement subtree (default: the member) and all
 * below it in one answer, level by level, at most SUBTREE_NODE_LIMIT nodes (then `truncated`). 404 for
 * any node outside the subtree. Read when "expand all" is pressed, never cached (it is one action).
 */
export const getSubtree = (id?: string): Promise<SubtreeResponse> =>
  get('/me/tree/subtree', id === undefined ? undefined : { id }, { schema: subtreeResponse });
