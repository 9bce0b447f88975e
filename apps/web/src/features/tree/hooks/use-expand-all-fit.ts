import { errorText } from '@web/lib/errors.ts';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgTreeHandle } from '../components/org-tree-types.ts';
import type { MemberOrgNode } from '../model/member-tree.ts';
import { notify } from '../notify.ts';
import type { useMemberTree } from './use-member-tree.ts';

/**
 * "Expand all" on the invite tree: loads the whole subtree (one request), opens it, then fits it to the screen once
 * the new layout is in — only while its text still reads; a team too wide for that stays at a readable zoom on its
 * root and `tooWide` offers its branches (focusing one re-roots the chart there and fits again).
 */
export function useExpandAllFit(
  tree: ReturnType<typeof useMemberTree>,
  chart: RefObject<OrgTreeHandle | null>,
) {
  const { t } = useTranslation();
  const fitNext = useRef(false);
  const [truncatedAt, setTruncatedAt] = useState<number | null>(null);
  const [tooWide, setTooWide] = useState(false);
  const { expandAll, focusBranch } = tree;
  const onExpandAll = useCallback(async () => {
    fitNext.current = true;
    try {
      const result = await expandAll();
      if (!result) fitNext.current = false;
      setTruncatedAt(result?.truncated ? result.limit : null);
    } catch (e) {
      fitNext.current = false;
      notify(errorText(e, t), 'danger');
    }
  }, [expandAll, t]);
  // An effect runs after the chart's layout effects took the new bounds.
  useEffect(() => {
    if (!fitNext.current || !tree.data) return;
    fitNext.current = false;
    setTooWide(chart.current ? !chart.current.fitReadable() : false);
  }, [tree.data, chart]);
  const focus = useCallback(
    (node: MemberOrgNode) => {
      fitNext.current = true;
      setTooWide(false);
      focusBranch(node.id);
    },
    [focusBranch],
  );
  /** The chart root's member children: the branches a too-wide team offers. */
  const branches = tooWide ? (tree.data?.children.filter((c) => c.member !== null) ?? []) : [];
  return { onExpandAll, truncatedAt, tooWide, branches, focus, dismiss: () => setTooWide(false) };
}
