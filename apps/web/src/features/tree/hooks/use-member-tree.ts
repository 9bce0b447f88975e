// The chart's data on the invite tree page: the member's subtree loaded one level per call, and the
// search's "show this member" (expand along the path, or re-root when the server cut the path).
import type { Relation } from '@agc/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { getSubtree } from '../api/get-subtree.ts';
import { treeQueryOptions } from '../api/get-tree.ts';
import {
  childrenOf,
  expandAlongPath,
  idsToLoad,
  type MemberOrgNode,
  memberAcc,
  relationRoot,
  rootFrom,
  subtreeFrom,
  withSubtree,
} from '../model/member-tree.ts';
import { findNode, type NodeId } from '../model/tree.ts';

/** Parallel me/tree calls while opening a long path. */
export const PATH_LOAD_CONCURRENCY = 6;

async function mapPool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Who the chart starts from: the member, or (after a search with a cut path) another member. */
export type ChartRoot = { kind: 'me' } | { kind: 'member'; id: NodeId; address: string };

export function useMemberTree() {
  const queryClient = useQueryClient();
  const me = useQuery(treeQueryOptions());
  const [data, setData] = useState<MemberOrgNode | null>(null);
  const [root, setRoot] = useState<ChartRoot>({ kind: 'me' });
  const dataRef = useRef(data);
  useLayoutEffect(() => {
    dataRef.current = data;
  }, [data]);

  useEffect(() => {
    if (me.data && dataRef.current === null) setData(rootFrom(me.data));
  }, [me.data]);

  const update = useCallback((change: (tree: MemberOrgNode) => MemberOrgNode) => {
    setData((d) => (d ? change(d) : d));
  }, []);

  const fetchNode = useCallback((id?: NodeId) => queryClient.fetchQuery(treeQueryOptions(id)), [queryClient]);

  /** Lazy loading: the node's left and right child (an empty slot for a missing one); none makes it a leaf. */
  const load = useCallback(async (node: MemberOrgNode) => childrenOf(await fetchNode(node.id)), [fetchNode]);

  const backToMe = useCallback(async () => {
    const res = await fetchNode();
    setData(rootFrom(res));
    setRoot({ kind: 'me' });
  }, [fetchNode]);

  /** Opens the chart down to a found member; resolves once it is in the data. */
  const show = useCallback(
    async (relation: Relation) => {
      const path = relation.path.map((p) => p.id);
      const cut = relationRoot(relation);
      // A cut path starts below the member: the chart starts at its first node. Otherwise the chart
      // must be the member's own (it may have been re-rooted by an earlier search).
      let fresh: MemberOrgNode | null = null;
      let nextRoot: ChartRoot = root;
      if (cut) {
        fresh = rootFrom(await fetchNode(cut));
        nextRoot = { kind: 'member', id: cut, address: relation.path[0]?.address ?? '' };
      } else if (root.kind !== 'me') {
        fresh = rootFrom(await fetchNode());
        nextRoot = { kind: 'me' };
      }
      const base = fresh ?? dataRef.current;
      if (!base) return;
      const missing = idsToLoad(base, path);
      const children = await mapPool(missing, PATH_LOAD_CONCURRENCY, async (id) =>
        childrenOf(await fetchNode(id)),
      );
      const loaded = new Map(missing.map((id, i) => [id, children[i] ?? []] as const));
      if (fresh) setData(expandAlongPath(fresh, path, loaded));
      else update((d) => expandAlongPath(d, path, loaded));
      setRoot(nextRoot);
    },
    [root, fetchNode, update],
  );

  /**
   * "Expand all": the chart's whole subtree in one request, every node opened (it once only
   * opened what was already loaded). Resolves with whether the server cut it at its node limit.
   */
  const expandAll = useCallback(async (): Promise<{ truncated: boolean; limit: number } | null> => {
    const current = dataRef.current;
    if (!current) return null;
    const res = await getSubtree(current.id);
    const sub = subtreeFrom(res);
    if (sub) update((d) => withSubtree(d, sub));
    return { truncated: res.truncated, limit: res.limit };
  }, [update]);

  /** Re-roots the chart at a member already in it (its branch, as loaded), e.g. when the whole team is too wide. */
  const focusBranch = useCallback((id: NodeId) => {
    const current = dataRef.current;
    const node = current && findNode(current, id, memberAcc);
    if (!node?.member) return;
    setData({ ...node, pid: null, hidden: false });
    setRoot({ kind: 'member', id, address: node.member.address });
  }, []);

  return {
    data,
    update,
    load,
    expandAll,
    focusBranch,
    show,
    backToMe,
    root,
    isPending: me.isPending && data === null,
    error: data === null ? me.error : null,
    retry: () => void me.refetch(),
  };
}
