// The org chart's node model (spec section 3, "Tree node") and its operations. Nodes are plain nested
// objects whose field names are configurable; every operation is immutable with structural sharing:
// an unchanged subtree keeps its object identity, so memoised node views skip it.
import type { CSSProperties } from 'react';

/** Names of the node fields the tree reads and writes (spec: "configurable names"). */
export interface FieldNames {
  id: string;
  pid: string;
  label: string;
  expand: string;
  children: string;
  isLeaf: string;
}

export const DEFAULT_FIELDS: FieldNames = {
  id: 'id',
  pid: 'pid',
  label: 'label',
  expand: 'expand',
  children: 'children',
  isLeaf: 'isLeaf',
};

/** The fixed optional fields of a node, beside the configurable ones. */
export interface OrgNodeBase {
  hidden?: boolean;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  /** Added from the context menu and not named yet: removed when focus leaves it while unnamed. */
  newNode?: boolean;
  /** Its label is being edited. */
  focused?: boolean;
  [key: string]: unknown;
}

export type NodeId = string;

type Logical = keyof FieldNames;
export type NodePatch = Partial<Record<Logical, unknown>> &
  Partial<Pick<OrgNodeBase, 'hidden' | 'disabled' | 'newNode' | 'focused' | 'className' | 'style'>>;

/** Reads and writes nodes through the configured field names. */
export interface Accessor<N extends OrgNodeBase> {
  readonly fields: FieldNames;
  id(node: N): NodeId;
  pid(node: N): NodeId | null;
  label(node: N): string;
  expanded(node: N): boolean;
  children(node: N): readonly N[];
  isLeaf(node: N): boolean;
  /** A copy with the given logical fields changed (the same object when nothing changes). */
  with(node: N, patch: NodePatch): N;
}

export function accessor<N extends OrgNodeBase>(names: Partial<FieldNames> = {}): Accessor<N> {
  const fields: FieldNames = { ...DEFAULT_FIELDS, ...names };
  const physical = (key: string): string => (key in fields ? fields[key as Logical] : key);
  return {
    fields,
    id: (n) => String(n[fields.id]),
    pid: (n) => {
      const v = n[fields.pid];
      return v === undefined || v === null || v === '' ? null : String(v);
    },
    label: (n) => {
      const v = n[fields.label];
      return v === undefined || v === null ? '' : String(v);
    },
    expanded: (n) => n[fields.expand] === true,
    children: (n) => {
      const v = n[fields.children];
      return Array.isArray(v) ? (v as N[]) : [];
    },
    isLeaf: (n) => n[fields.isLeaf] === true,
    with: (n, patch) => {
      let changed = false;
      const out: Record<string, unknown> = { ...n };
      for (const [key, value] of Object.entries(patch)) {
        const name = physical(key);
        if (out[name] !== value) {
          out[name] = value;
          changed = true;
        }
      }
      return changed ? (out as N) : n;
    },
  };
}

/** Nodes from the root down to the node with `id` (inclusive), or null. */
export function findPath<N extends OrgNodeBase>(root: N, id: NodeId, acc: Accessor<N>): N[] | null {
  const path: N[] = [];
  const visit = (node: N): boolean => {
    path.push(node);
    if (acc.id(node) === id) return true;
    for (const child of acc.children(node)) if (visit(child)) return true;
    path.pop();
    return false;
  };
  return visit(root) ? path : null;
}

export function findNode<N extends OrgNodeBase>(root: N, id: NodeId, acc: Accessor<N>): N | null {
  return findPath(root, id, acc)?.at(-1) ?? null;
}

/**
 * Replaces the node with `id` by `fn(node)`; returning null removes it (never the root). Only the
 * nodes on the path are copied.
 */
export function updateNode<N extends OrgNodeBase>(
  root: N,
  id: NodeId,
  acc: Accessor<N>,
  fn: (node: N) => N | null,
): N {
  const path = findPath(root, id, acc);
  if (!path) return root;
  const target = path[path.length - 1] as N;
  let replacement = fn(target);
  if (path.length === 1) return replacement ?? root;
  if (replacement === target) return root;
  let child: N = target;
  for (let i = path.length - 2; i >= 0; i--) {
    const parent = path[i] as N;
    const kids = acc.children(parent);
    const next =
      replacement === null
        ? kids.filter((k) => k !== child)
        : kids.map((k) => (k === child ? replacement : k));
    const copy = acc.with(parent, { children: next });
    child = parent;
    replacement = copy;
  }
  return replacement as N;
}

/** Maps every node bottom-up; a node whose children and own fields are unchanged keeps its identity. */
export function mapTree<N extends OrgNodeBase>(
  root: N,
  acc: Accessor<N>,
  fn: (node: N, depth: number) => N,
  depth = 0,
): N {
  const kids = acc.children(root);
  let changed = false;
  const next = kids.map((k) => {
    const m = mapTree(k, acc, fn, depth + 1);
    if (m !== k) changed = true;
    return m;
  });
  const base = changed ? acc.with(root, { children: next }) : root;
  return fn(base, depth);
}

/** Collapses a node and every node below it. */
export function collapseDeep<N extends OrgNodeBase>(node: N, acc: Accessor<N>): N {
  return mapTree(node, acc, (n) => acc.with(n, { expand: false }));
}

/** Expands a collapsed node; collapsing also collapses its descendants (spec). */
export function toggleNode<N extends OrgNodeBase>(root: N, id: NodeId, acc: Accessor<N>): N {
  return updateNode(root, id, acc, (n) =>
    acc.expanded(n) ? collapseDeep(n, acc) : acc.with(n, { expand: true }),
  );
}

export function setExpanded<N extends OrgNodeBase>(
  root: N,
  id: NodeId,
  acc: Accessor<N>,
  expand: boolean,
): N {
  return updateNode(root, id, acc, (n) => (expand ? acc.with(n, { expand: true }) : collapseDeep(n, acc)));
}

/**
 * Expands every node whose children are already loaded. Never loads anything: a tree tens of
 * thousands of levels deep must not turn one tap into as many requests.
 */
export function expandAll<N extends OrgNodeBase>(root: N, acc: Accessor<N>): N {
  return mapTree(root, acc, (n) => (acc.children(n).length > 0 ? acc.with(n, { expand: true }) : n));
}

export function collapseAll<N extends OrgNodeBase>(root: N, acc: Accessor<N>): N {
  return collapseDeep(root, acc);
}

/** Whether expanding the node needs its children loaded first (lazy trees). */
export function needsLoad<N extends OrgNodeBase>(node: N, acc: Accessor<N>): boolean {
  return !acc.isLeaf(node) && acc.children(node).length === 0;
}

/** Puts lazily loaded children under a node; none makes it a leaf. */
export function applyLoaded<N extends OrgNodeBase>(root: N, id: NodeId, acc: Accessor<N>, children: N[]): N {
  return updateNode(root, id, acc, (n) =>
    children.length === 0
      ? acc.with(n, { isLeaf: true, expand: false, children: [] })
      : acc.with(n, { isLeaf: false, expand: true, children }),
  );
}

/** What a double click or the expand button does to a node (`canLoad`: the tree loads children lazily). */
export type ToggleAction = 'none' | 'collapse' | 'expand' | 'load';

export function toggleAction<N extends OrgNodeBase>(
  node: N,
  acc: Accessor<N>,
  canLoad: boolean,
): ToggleAction {
  if (acc.isLeaf(node)) return 'none';
  if (acc.expanded(node)) return 'collapse';
  if (canLoad && needsLoad(node, acc)) return 'load';
  return acc.children(node).length > 0 ? 'expand' : 'none';
}

/** Whether a box has an expand/collapse button: it has children, or may load some. */
export function isToggleable<N extends OrgNodeBase>(node: N, acc: Accessor<N>, canLoad: boolean): boolean {
  return !acc.isLeaf(node) && (acc.children(node).length > 0 || canLoad);
}

let lastNewId = 0;
/** A timestamp id, strictly increasing within this page (two adds in one millisecond stay distinct). */
export function timestampId(now: number = Date.now()): string {
  lastNewId = Math.max(now, lastNewId + 1);
  return String(lastNewId);
}

/** The node the menu's "add" creates under `parent` (spec section 3). */
export function createChildNode<N extends OrgNodeBase>(parent: N, acc: Accessor<N>, now?: number): N {
  const f = acc.fields;
  return {
    [f.id]: timestampId(now),
    [f.pid]: acc.id(parent),
    [f.label]: '',
    [f.expand]: false,
    [f.children]: [],
    newNode: true,
    focused: true,
  } as N;
}

export function insertChild<N extends OrgNodeBase>(root: N, parentId: NodeId, acc: Accessor<N>, child: N): N {
  return updateNode(root, parentId, acc, (p) =>
    acc.with(p, { children: [...acc.children(p), child], expand: true, isLeaf: false }),
  );
}

/** Removes a node (never the root); a parent left without children becomes a leaf again. */
export function removeNode<N extends OrgNodeBase>(root: N, id: NodeId, acc: Accessor<N>): N {
  const path = findPath(root, id, acc);
  if (!path || path.length < 2) return root;
  const target = path[path.length - 1] as N;
  const parent = path[path.length - 2] as N;
  return updateNode(root, acc.id(parent), acc, (p) => {
    const rest = acc.children(p).filter((c) => c !== target);
    return rest.length > 0
      ? acc.with(p, { children: rest })
      : acc.with(p, { children: [], expand: false, isLeaf: true });
  });
}

/**
 * Ends the editing of a node's label (focus left it): an unnamed new node disappears, otherwise the
 * label is kept and the node is no longer new or focused.
 */
export function commitLabel<N extends OrgNodeBase>(root: N, id: NodeId, acc: Accessor<N>, label: string): N {
  const text = label.trim();
  const node = findNode(root, id, acc);
  if (!node) return root;
  if (!text && node.newNode) return removeNode(root, id, acc);
  return updateNode(root, id, acc, (n) =>
    acc.with(n, { label: text || acc.label(n), newNode: false, focused: false }),
  );
}

/**
 * What committing a label tells the page (with the node as it is after the commit): a new node was
 * named (`add`) or an existing one renamed (`edit`); nothing when the label is empty.
 */
export function labelEvent<N extends OrgNodeBase>(
  before: N,
  label: string,
  acc: Accessor<N>,
): { kind: 'add' | 'edit'; node: N } | null {
  const text = label.trim();
  if (text === '') return null;
  return before.newNode
    ? { kind: 'add', node: acc.with(before, { label: text, newNode: false, focused: false }) }
    : { kind: 'edit', node: acc.with(before, { label: text, focused: false }) };
}

export const FILTER_METHOD_REQUIRED = '[Tree] filterNodeMethod is required when filter';

export type FilterNodeMethod<N> = (value: string, node: N) => boolean;

/**
 * Hides the loaded nodes that neither match nor have a matching descendant, and expands the path to
 * every match. An empty value shows everything again (expansion is left as it is).
 */
export function filterTree<N extends OrgNodeBase>(
  root: N,
  value: string,
  acc: Accessor<N>,
  method: FilterNodeMethod<N> | undefined,
): N {
  if (!method) throw new Error(FILTER_METHOD_REQUIRED);
  if (value === '') return mapTree(root, acc, (n) => acc.with(n, { hidden: false }));
  return mapTree(root, acc, (n, depth) => {
    const anyChildVisible = acc.children(n).some((c) => !c.hidden);
    const visible = depth === 0 || anyChildVisible || method(value, n);
    return acc.with(n, anyChildVisible ? { hidden: !visible, expand: true } : { hidden: !visible });
  });
}

/** The children the chart shows under a node: none while collapsed, never hidden ones. */
export function visibleChildren<N extends OrgNodeBase>(node: N, acc: Accessor<N>): N[] {
  if (!acc.expanded(node)) return [];
  return acc.children(node).filter((c) => !c.hidden);
}
