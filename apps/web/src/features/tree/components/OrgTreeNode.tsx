import { memo, type ReactNode } from 'react';
import type { OrgNodeBase } from '../model/tree.ts';

export interface NodeTexts {
  expand: string;
  collapse: string;
  loading: string;
  namePlaceholder: string;
}

export interface OrgTreeNodeProps<N extends OrgNodeBase> {
  node: N;
  id: string;
  label: string;
  x: number;
  y: number;
  expanded: boolean;
  /** Has (or may load) children: shows the expand/collapse button. */
  toggleable: boolean;
  leaf: boolean;
  selected: boolean;
  loading: boolean;
  renderContent: (node: N) => ReactNode;
  onCommitLabel: (id: string, label: string) => void;
  texts: NodeTexts;
}

/** data-state of a box: what its expand button would do, or that it has nothing below. */
export type NodeState = 'collapsed' | 'expanded' | 'leaf' | 'loading';

/** Maximum length of text inputs (spec section 5). */
export const LABEL_MAX_LENGTH = 140;

/**
 * One box of the chart, absolutely placed. Props are primitives or stable references, so panning,
 * zooming and changes elsewhere in the tree skip it. Clicks are handled by the chart (delegation).
 */
function OrgTreeNodeView<N extends OrgNodeBase>(props: OrgTreeNodeProps<N>) {
  const { node, id, expanded, toggleable, texts } = props;
  let className = 'org-node';
  if (node.className) className += ` ${node.className}`;
  if (props.selected) className += ' is-selected';
  if (node.disabled) className += ' is-disabled';
  const state: NodeState = props.loading
    ? 'loading'
    : props.leaf
      ? 'leaf'
      : expanded
        ? 'expanded'
        : 'collapsed';
  // Few attributes and elements per box: with thousands of boxes every one of them counts.
  return (
    <div
      className={className}
      data-node-id={id}
      data-testid={`tree-node-${id}`}
      data-state={state}
      data-selected={props.selected || undefined}
      style={node.style ? { left: props.x, top: props.y, ...node.style } : { left: props.x, top: props.y }}
    >
      {node.focused ? (
        <input
          className="org-node__input"
          data-testid="tree-node-input"
          // biome-ignore lint/a11y/noAutofocus: the node was just added or opened for editing from the menu
          autoFocus
          defaultValue={props.label}
          maxLength={LABEL_MAX_LENGTH}
          placeholder={texts.namePlaceholder}
          onBlur={(e) => props.onCommitLabel(id, e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === 'Escape') e.currentTarget.blur();
          }}
        />
      ) : (
        props.renderContent(node)
      )}
      {toggleable && (
        <button
          type="button"
          className="org-node__toggle"
          data-testid={`tree-toggle-${id}`}
          aria-expanded={expanded}
          aria-label={props.loading ? texts.loading : expanded ? texts.collapse : texts.expand}
        >
          {props.loading ? '…' : expanded ? '−' : '+'}
        </button>
      )}
    </div>
  );
}

export const OrgTreeNode = memo(OrgTreeNodeView) as typeof OrgTreeNodeView;
