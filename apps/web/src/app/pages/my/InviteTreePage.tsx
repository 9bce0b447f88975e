import { shortAddress } from '@agc/shared';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import {
  MEMBER_NODE_FONT_PX,
  MEMBER_NODE_HEIGHT,
  MEMBER_NODE_WIDTH,
  memberCard,
  memberCardTexts,
} from '@web/features/tree/components/MemberNodeCard.tsx';
import { NodeDetail } from '@web/features/tree/components/NodeDetail.tsx';
import { OrgTree, type OrgTreeHandle } from '@web/features/tree/components/OrgTree.tsx';
import { TooWideNotice } from '@web/features/tree/components/TooWideNotice.tsx';
import { TreeSearch } from '@web/features/tree/components/TreeSearch.tsx';
import { useExpandAllFit } from '@web/features/tree/hooks/use-expand-all-fit.ts';
import { useMemberTree } from '@web/features/tree/hooks/use-member-tree.ts';
import { useTreeSelection } from '@web/features/tree/hooks/use-tree-selection.ts';
import { type MemberOrgNode, matchesAddress } from '@web/features/tree/model/member-tree.ts';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const hasMenu = (node: MemberOrgNode) => node.member !== null;

/**
 * The member's placement subtree as a binary org chart, loaded one level per call. Members cannot
 * change the real tree, so the chart is disabled: its menu offers copy only.
 */
export default function InviteTreePage() {
  const { t } = useTranslation();
  const tree = useMemberTree();
  const chart = useRef<OrgTreeHandle>(null);
  const selection = useTreeSelection(tree, chart);

  const texts = useMemo(() => memberCardTexts(t), [t]);
  const renderContent = useCallback((node: MemberOrgNode) => memberCard(node, texts), [texts]);

  const wide = useExpandAllFit(tree, chart);
  const { onExpandAll, truncatedAt } = wide;

  if (tree.isPending) return <LoadingState testId="tree-loading" />;
  if (tree.error || !tree.data)
    return <LoadFailed testId="tree-error" error={tree.error} onRetry={tree.retry} />;

  const { selected } = selection;
  return (
    <div className="tree-page" data-testid="invite-tree">
      <TreeSearch onFound={selection.onFound} />
      {tree.root.kind === 'member' && (
        <div className="tree-rerooted" data-testid="tree-rerooted">
          <span>{t('tree.rerooted', { address: shortAddress(tree.root.address) })}</span>
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="tree-back-to-me"
            onClick={selection.backToMe}
          >
            {t('tree.backToMe')}
          </button>
        </div>
      )}
      {truncatedAt !== null && (
        <p className="tree-notice" data-testid="tree-truncated" role="status">
          {t('tree.expandAllTruncated', { limit: truncatedAt })}
        </p>
      )}
      {wide.tooWide && (
        <TooWideNotice branches={wide.branches} onFocus={wide.focus} onDismiss={wide.dismiss} />
      )}
      <div className="tree-page__chart">
        <OrgTree<MemberOrgNode>
          ref={chart}
          data={tree.data}
          onChange={tree.update}
          nodeWidth={MEMBER_NODE_WIDTH}
          nodeHeight={MEMBER_NODE_HEIGHT}
          hGap={14}
          vGap={36}
          lazy
          load={tree.load}
          fitOnOpen
          compactFontPx={MEMBER_NODE_FONT_PX}
          onExpandAll={onExpandAll}
          disabled
          filterable
          filterNodeMethod={matchesAddress}
          filterPlaceholder={t('tree.filterPlaceholder')}
          renderContent={renderContent}
          hasMenu={hasMenu}
          onNodeClick={selection.onNodeClick}
          selectedId={selection.selectedId}
          overlay={
            selected?.member ? <NodeDetail member={selected.member} onClose={selection.clear} /> : null
          }
        />
      </div>
    </div>
  );
}
