import { describe, expect, it } from 'vitest';
import { layoutTree } from './layout.ts';
import { accessor, type OrgNodeBase } from './tree.ts';

interface N extends OrgNodeBase {
  id: string;
  label: string;
  expand: boolean;
  children: N[];
}
const acc = accessor<N>();
const n = (id: string, children: N[] = [], expand = children.length > 0): N => ({
  id,
  label: id,
  expand,
  children,
});
const opts = { nodeWidth: 100, nodeHeight: 50, hGap: 10, vGap: 30 };

/** A full binary tree of the given depth (2^depth - 1 nodes). */
function full(depth: number, id = '1'): N {
  if (depth === 1) return n(id);
  return n(id, [full(depth - 1, `${id}0`), full(depth - 1, `${id}1`)]);
}

describe('layout', () => {
  it('puts the root centred on x = 0 at the top and children one level down', () => {
    const l = layoutTree(n('r', [n('a'), n('b')]), acc, opts);
    const at = (id: string) => l.byId.get(id);
    expect(at('r')).toMatchObject({ x: -50, y: 0, depth: 0, parentId: null });
    expect(at('a')).toMatchObject({ x: -105, y: 80, depth: 1, parentId: 'r' });
    expect(at('b')).toMatchObject({ x: 5, y: 80 });
    expect([l.minX, l.maxX, l.height]).toEqual([-105, 105, 130]);
    // Connectors: parent down to the bar, the bar, each child up to it (from the left edge, x = minX).
    expect(l.edges).toBe('M50 65V80M160 65V80M105 50V65M50 65H160');
  });

  it('shows nothing under collapsed nodes and skips hidden ones', () => {
    const l = layoutTree(n('r', [n('a', [n('c')], false), { ...n('b'), hidden: true }]), acc, opts);
    expect(l.items.map((i) => i.id)).toEqual(['r', 'a']);
  });

  it('never overlaps two boxes on one level and lays out 2,047 nodes in one pass', () => {
    const l = layoutTree(full(11), acc, opts);
    expect(l.items).toHaveLength(2047);
    const levels = new Map<number, number[]>();
    for (const item of l.items) levels.set(item.depth, [...(levels.get(item.depth) ?? []), item.x]);
    for (const xs of levels.values()) {
      xs.sort((a, b) => a - b);
      for (let i = 1; i < xs.length; i++)
        expect((xs[i] as number) - (xs[i - 1] as number)).toBeGreaterThanOrEqual(110);
    }
    // Every parent sits centred over its children.
    for (const item of l.items) {
      if (!item.parentId) continue;
      const parent = l.byId.get(item.parentId);
      const siblings = l.items.filter((i) => i.parentId === item.parentId).map((i) => i.x);
      expect(parent?.x).toBe((Math.min(...siblings) + Math.max(...siblings)) / 2);
    }
  });

  it('is empty without data', () => {
    expect(layoutTree(null, acc, opts).items).toEqual([]);
  });
});
