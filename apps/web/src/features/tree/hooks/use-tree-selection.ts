// The member selected on the invite tree (its details panel) and the search's "show this member":
// the chart opens down to it, selects it and centres it once it is laid out, above the details panel.
import type { Relation } from '@agc/shared';
import { type RefObject, useCallback, useEffect, useState } from 'react';
import type { OrgTreeHandle } from '../components/org-tree-types.ts';
import { type MemberOrgNode, memberAcc } from '../model/member-tree.ts';
import { findNode } from '../model/tree.ts';
import type { useMemberTree } from './use-member-tree.ts';

/** Where a found member is put (fraction of the chart's height): above the details panel. */
const DETAIL_CENTER_Y = 0.25;

export function useTreeSelection(
  tree: ReturnType<typeof useMemberTree>,
  chart: RefObject<OrgTreeHandle | null>,
) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [centerId, setCenterId] = useState<string | null>(null);

  // After a search opened the chart down to a member: centre it once it is laid out.
  useEffect(() => {
    if (centerId && tree.data && chart.current?.centerOn(centerId, DETAIL_CENTER_Y)) setCenterId(null);
  }, [centerId, tree.data, chart]);

  /** A click selects a member (an empty slot clears the selection). */
  const onNodeClick = useCallback((node: MemberOrgNode) => setSelectedId(node.member ? node.id : null), []);

  const { show, backToMe } = tree;
  const onFound = useCallback(
    async (relation: Relation) => {
      await show(relation);
      setSelectedId(relation.target.id);
      setCenterId(relation.target.id);
    },
    [show],
  );

  return {
    selectedId,
    /** The selected node, while it is in the data. */
    selected: selectedId && tree.data ? findNode(tree.data, selectedId, memberAcc) : null,
    clear: () => setSelectedId(null),
    onNodeClick,
    onFound,
    /** Back to the member's own tree (after a re-rooting search), at the restored view. */
    backToMe: () => {
      setSelectedId(null);
      void backToMe().then(() => chart.current?.restore());
    },
  };
}
