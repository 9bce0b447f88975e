import { type Relation, shortAddress } from '@agc/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MEMBER_NODE_HEIGHT,
  MEMBER_NODE_WIDTH,
  memberCard,
  memberCardTexts,
} from '../../../features/tree/components/MemberNodeCard.tsx';
import { NodeDetail } from '../../../features/tree/components/NodeDetail.tsx';
import { OrgTree, type OrgTreeHandle } from '../../../features/tree/components/OrgTree.tsx';
import { TreeSearch } from '../../../features/tree/components/TreeSearch.tsx';
import { useMemberTree } from '../../../features/tree/hooks/use-member-tree.ts';
import { type MemberOrgNode, matchesAddress, memberAcc } from '../../../features/tree/model/member-tree.ts';
import { findNode } from '../../../features/tree/model/tree.ts';
import { errorText } from '../../../lib/errors.ts';

const hasMenu = (node: MemberOrgNode) => node.member !== null;
/** Where a found member is put (fraction of the chart's height): above the details panel. */
const DETAIL_CENTER_Y = 0.25;

/**
 * The member's placement subtree as a binary org chart, loaded one level per call. Members cannot
 * change the real tree, so the chart is disabled: its menu offers copy only.
 */
export default function InviteTreePage() {
  const { t } = useTranslation();
  const tree = useMemberTree();
  const chart = useRef<OrgTreeHandle>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [centerId, setCenterId] = useState<string | null>(null);

  // After a search opened the chart down to a member: centre it once it is laid out, above the
  // details panel that opens with it.
  useEffect(() => {
    if (centerId && tree.data && chart.current?.centerOn(centerId, DETAIL_CENTER_Y)) setCenterId(null);
  }, [centerId, tree.data]);

  const texts = useMemo(() => memberCardTexts(t), [t]);
  const renderContent = useCallback((node: MemberOrgNode) => memberCard(node, texts), [texts]);
  const onNodeClick = useCallback((node: MemberOrgNode) => setSelectedId(node.member ? node.id : null), []);

  const { show } = tree;
  const onFound = useCallback(
    async (relation: Relation) => {
      await show(relation);
      setSelectedId(relation.target.id);
      setCenterId(relation.target.id);
    },
    [show],
  );

  if (tree.isPending)
    return (
      <p className="muted list-state" data-testid="tree-loading">
        {t('common.loading')}
      </p>
    );
  if (tree.error || !tree.data)
    return (
      <div className="list-state" data-testid="tree-error">
        <p className="error-text">{t('common.loadFailed')}</p>
        {tree.error && <p className="muted small">{errorText(tree.error, t)}</p>}
        <button type="button" className="btn btn-secondary" onClick={tree.retry}>
          {t('common.retry')}
        </button>
      </div>
    );

  const selected = selectedId ? findNode(tree.data, selectedId, memberAcc) : null;
  return (
    <div className="tree-page" data-testid="invite-tree">
      <TreeSearch onFound={onFound} />
      {tree.root.kind === 'member' && (
        <div className="tree-rerooted" data-testid="tree-rerooted">
          <span>{t('tree.rerooted', { address: shortAddress(tree.root.address) })}</span>
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="tree-back-to-me"
            onClick={() => {
              setSelectedId(null);
              void tree.backToMe().then(() => chart.current?.restore());
            }}
          >
            {t('tree.backToMe')}
          </button>
        </div>
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
          disabled
          filterable
          filterNodeMethod={matchesAddress}
          filterPlaceholder={t('tree.filterPlaceholder')}
          renderContent={renderContent}
          hasMenu={hasMenu}
          onNodeClick={onNodeClick}
          selectedId={selectedId}
          overlay={
            selected?.member ? (
              <NodeDetail member={selected.member} onClose={() => setSelectedId(null)} />
            ) : null
          }
        />
      </div>
    </div>
  );
}
