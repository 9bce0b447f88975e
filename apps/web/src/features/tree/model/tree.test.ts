import { describe, expect, it } from 'vitest';
import { type TestNode as N, n } from '../test-fixtures.ts';
import {
  accessor,
  applyLoaded,
  collapseAll,
  commitLabel,
  createChildNode,
  expandAll,
  FILTER_METHOD_REQUIRED,
  filterTree,
  findNode,
  insertChild,
  isToggleable,
  labelEvent,
  type OrgNodeBase,
  removeNode,
  toggleAction,
  toggleNode,
  updateNode,
  visibleChildren,
} from './tree.ts';

const acc = accessor<N>();
// 1 ─ 2 ─ 4 ─ 6
//   │   └ 5
//   └ 3 (children not loaded yet)
const sample = () =>
  n('1', [n('2', [n('4', [n('6')]), n('5', [], { isLeaf: true })]), n('3', [], { expand: false })]);

describe('tree operations', () => {
  it('reads and writes through configurable field names', () => {
    const custom = accessor<OrgNodeBase>({
      id: 'key',
      label: 'name',
      children: 'kids',
      expand: 'open',
      isLeaf: 'leaf',
      pid: 'parent',
    });
    const tree: OrgNodeBase = {
      key: 7,
      name: 'root',
      open: true,
      kids: [{ key: 8, parent: 7, name: 'a', kids: [] }],
    };
    expect(custom.id(tree)).toBe('7');
    expect(custom.label(tree)).toBe('root');
    expect(custom.children(tree)).toHaveLength(1);
    const child = createChildNode(tree, custom, 1_700_000_000_000);
    expect(child).toEqual({
      key: '1700000000000',
      parent: '7',
      name: '',
      open: false,
      kids: [],
      newNode: true,
      focused: true,
    });
    const collapsed = toggleNode(tree, '7', custom);
    expect(collapsed.open).toBe(false);
  });

  it('keeps unchanged subtrees as the same objects', () => {
    const tree = sample();
    const next = updateNode(tree, '5', acc, (x) => acc.with(x, { label: 'renamed' }));
    expect(next).not.toBe(tree);
    expect(findNode(next, '4', acc)).toBe(findNode(tree, '4', acc));
    expect(findNode(next, '3', acc)).toBe(findNode(tree, '3', acc));
    expect(updateNode(tree, '5', acc, (x) => x)).toBe(tree);
  });

  it('collapsing a node collapses its descendants; expanding opens only that node', () => {
    const collapsed = toggleNode(sample(), '2', acc);
    expect(findNode(collapsed, '2', acc)?.expand).toBe(false);
    expect(findNode(collapsed, '4', acc)?.expand).toBe(false);
    const reopened = toggleNode(collapsed, '2', acc);
    expect(findNode(reopened, '2', acc)?.expand).toBe(true);
    expect(findNode(reopened, '4', acc)?.expand).toBe(false);
  });

  it('expand-all opens only nodes whose children are loaded; collapse-all closes every node', () => {
    const closed = collapseAll(sample(), acc);
    for (const id of ['1', '2', '4']) expect(findNode(closed, id, acc)?.expand).toBe(false);
    const open = expandAll(closed, acc);
    for (const id of ['1', '2', '4']) expect(findNode(open, id, acc)?.expand).toBe(true);
    // 3 has nothing loaded: expand-all never loads (it would mean one request per level).
    expect(findNode(open, '3', acc)?.expand).toBe(false);
    expect(findNode(open, '6', acc)?.expand).not.toBe(true);
  });

  it('lazy loading: children go in place and the node opens; none makes it a leaf', () => {
    const loaded = applyLoaded(sample(), '3', acc, [n('7'), n('8')]);
    expect(findNode(loaded, '3', acc)?.expand).toBe(true);
    expect(acc.children(findNode(loaded, '3', acc) as N).map(acc.id)).toEqual(['7', '8']);
    const leaf = applyLoaded(sample(), '3', acc, []);
    expect(findNode(leaf, '3', acc)).toMatchObject({ isLeaf: true, expand: false, children: [] });
  });

  it('adds a new node under its parent (opened), removes it when focus leaves it unnamed', () => {
    const tree = sample();
    const child = createChildNode(findNode(tree, '5', acc) as N, acc);
    expect(child).toMatchObject({
      pid: '5',
      label: '',
      expand: false,
      children: [],
      newNode: true,
      focused: true,
    });
    expect(Number(child.id)).toBeGreaterThan(1_600_000_000_000);
    const added = insertChild(tree, '5', acc, child);
    expect(findNode(added, '5', acc)).toMatchObject({ expand: true, isLeaf: false });
    expect(commitLabel(added, child.id, acc, '   ')).toEqual(tree);
    const named = commitLabel(added, child.id, acc, ' Alice ');
    expect(findNode(named, child.id, acc)).toMatchObject({ label: 'Alice', newNode: false, focused: false });
  });

  it('timestamp ids stay distinct within one millisecond', () => {
    const parent = n('1');
    const a = createChildNode(parent, acc, 5_000_000_000_000);
    const b = createChildNode(parent, acc, 5_000_000_000_000);
    expect(a.id).not.toBe(b.id);
  });

  it('editing an existing node keeps its label when cleared; delete never removes the root', () => {
    const tree = updateNode(sample(), '4', acc, (x) => acc.with(x, { focused: true }));
    expect(findNode(commitLabel(tree, '4', acc, ''), '4', acc)).toMatchObject({
      label: 'node 4',
      focused: false,
    });
    const removed = removeNode(sample(), '2', acc);
    expect(findNode(removed, '2', acc)).toBeNull();
    expect(findNode(removed, '6', acc)).toBeNull();
    const root = sample();
    expect(removeNode(root, '1', acc)).toBe(root);
  });

  it('filter without a method raises the spec message', () => {
    expect(() => filterTree(sample(), 'x', acc, undefined)).toThrow(new Error(FILTER_METHOD_REQUIRED));
    expect(FILTER_METHOD_REQUIRED).toBe('[Tree] filterNodeMethod is required when filter');
  });

  it('filter hides what neither matches nor leads to a match, and opens the way to matches', () => {
    const tree = collapseAll(sample(), acc);
    const method = (value: string, node: N) => node.label.includes(value);
    const filtered = filterTree(tree, 'node 6', acc, method);
    expect(visibleChildren(filtered, acc).map(acc.id)).toEqual(['2']);
    expect(visibleChildren(findNode(filtered, '2', acc) as N, acc).map(acc.id)).toEqual(['4']);
    expect(findNode(filtered, '6', acc)?.hidden).toBe(false);
    expect(findNode(filtered, '5', acc)?.hidden).toBe(true);
    const cleared = filterTree(filtered, '', acc, method);
    expect(findNode(cleared, '5', acc)?.hidden).toBe(false);
  });

  it('toggling: a leaf does nothing, an open node closes, an unloaded one loads in a lazy tree', () => {
    const t = sample();
    const at = (id: string) => findNode(t, id, acc) as N;
    expect(toggleAction(at('5'), acc, true)).toBe('none');
    expect(toggleAction(at('2'), acc, true)).toBe('collapse');
    expect(toggleAction(at('3'), acc, true)).toBe('load');
    expect(toggleAction(at('3'), acc, false)).toBe('none');
    expect(toggleAction(n('7', [n('8')], { expand: false }), acc, true)).toBe('expand');
    expect(isToggleable(at('3'), acc, true)).toBe(true);
    expect(isToggleable(at('3'), acc, false)).toBe(false);
    expect(isToggleable(at('5'), acc, true)).toBe(false);
    expect(isToggleable(at('2'), acc, false)).toBe(true);
  });

  it('a committed label is an add for a new node, an edit otherwise, nothing when empty', () => {
    expect(labelEvent(n('9', [], { newNode: true, focused: true }), ' x ', acc)).toEqual({
      kind: 'add',
      node: n('9', [], { label: 'x', newNode: false, focused: false }),
    });
    expect(labelEvent(n('9', [], { focused: true }), 'y', acc)).toEqual({
      kind: 'edit',
      node: n('9', [], { label: 'y', focused: false }),
    });
    expect(labelEvent(n('9', [], { newNode: true }), '  ', acc)).toBeNull();
  });
});
