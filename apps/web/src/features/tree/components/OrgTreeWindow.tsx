import { type CSSProperties, type ReactNode, type RefObject, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type LayoutItem, mountedPart, type Rect, type TreeLayout } from '../model/layout.ts';
import { type Accessor, isToggleable, type NodeId, type OrgNodeBase } from '../model/tree.ts';
import { type NodeTexts, OrgTreeNode } from './OrgTreeNode.tsx';

export interface OrgTreeWindowProps<N extends OrgNodeBase> {
  layerRef: RefObject<HTMLDivElement | null>;
  layout: TreeLayout<N>;
  /** The area around the view whose boxes are mounted (see usePanZoom). */
  area: Rect | null | undefined;
  /** The box holding the keyboard focus: kept mounted wherever the view goes. */
  focusedRef: RefObject<NodeId | null>;
  acc: Accessor<N>;
  /** The tree loads children lazily: every box that is not a leaf has an expand button. */
  canLoad: boolean;
  /** Text would be too small to read at this zoom: boxes draw as compact blocks (CSS on the layer). */
  compact?: boolean;
  nodeWidth: number;
  nodeHeight: number;
  selectedId: NodeId | null | undefined;
  loading: ReadonlySet<NodeId>;
  renderContent: (node: N) => ReactNode;
  onCommitLabel: (id: NodeId, label: string) => void;
}

/**
 * The layer the view moves (one CSS transform): only the boxes and connectors in the area around the
 * view are mounted (memoised absolute boxes), plus the box being edited or holding the focus.
 */
export function OrgTreeWindow<N extends OrgNodeBase>(props: OrgTreeWindowProps<N>) {
  const { layout, area, focusedRef, acc, canLoad, nodeWidth, nodeHeight } = props;
  const { t } = useTranslation();
  const shown = useMemo(
    () =>
      mountedPart(
        layout,
        area,
        (item: LayoutItem<N>) => Boolean(item.node.focused) || item.id === focusedRef.current,
      ),
    [layout, area, focusedRef],
  );
  const texts: NodeTexts = useMemo(
    () => ({
      expand: t('tree.expand'),
      collapse: t('tree.collapse'),
      loading: t('common.loading'),
      namePlaceholder: t('tree.namePlaceholder'),
    }),
    [t],
  );
  const edgeRect = shown.rect;

  return (
    <div
      ref={props.layerRef}
      className={props.compact ? 'org-tree__layer org-tree__layer--compact' : 'org-tree__layer'}
      data-testid="org-tree-layer"
      data-compact={props.compact || undefined}
      style={
        { '--org-node-width': `${nodeWidth}px`, '--org-node-height': `${nodeHeight}px` } as CSSProperties
      }
    >
      {edgeRect && shown.edges && (
        // Sized to the rendered area, in layout coordinates through the viewBox.
        <svg
          className="org-tree__edges"
          width={edgeRect.right - edgeRect.left}
          height={edgeRect.bottom - edgeRect.top}
          viewBox={`${edgeRect.left} ${edgeRect.top} ${edgeRect.right - edgeRect.left} ${edgeRect.bottom - edgeRect.top}`}
          style={{ left: edgeRect.left, top: edgeRect.top }}
          aria-hidden="true"
        >
          <path d={shown.edges} />
        </svg>
      )}
      {shown.items.map((item) => {
        const node = item.node;
        const leaf = acc.isLeaf(node);
        const toggleable = isToggleable(node, acc, canLoad);
        return (
          <OrgTreeNode<N>
            key={item.id}
            node={node}
            id={item.id}
            label={acc.label(node)}
            x={item.x}
            y={item.y}
            expanded={acc.expanded(node) && toggleable}
            toggleable={toggleable}
            leaf={leaf || !toggleable}
            selected={props.selectedId === item.id}
            loading={props.loading.has(item.id)}
            renderContent={props.renderContent}
            onCommitLabel={props.onCommitLabel}
            texts={texts}
          />
        );
      })}
    </div>
  );
}
