import { describe, expect, it } from 'vitest';
import { layoutRect, layoutTree, mountedPart, visibleIn } from './layout.ts';
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
    expect([at('r')?.left, at('r')?.right, at('a')?.left, at('a')?.right]).toEqual([-105, 105, -105, -5]);
    // Connectors: parent down to the middle of the gap, the bar, each child up to it.
    expect(visibleIn(l, layoutRect(l)).edges).toBe('M0 50V65M-55 65H55M-55 65V80M55 65V80');
    expect(l.levels.map((level) => level.map((i) => i.id))).toEqual([['r'], ['a', 'b']]);
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

  it('gives the boxes and connectors reaching into an area, as a scan of every box would', () => {
    const l = layoutTree(full(11), acc, opts);
    expect(visibleIn(l, layoutRect(l)).items).toHaveLength(2047);
    const areas = [
      { left: -400, top: 0, right: 0, bottom: 300 },
      { left: 30_000, top: 500, right: 31_000, bottom: 700 },
      { left: l.minX - 500, top: 780, right: l.minX + 40, bottom: 800 },
      { left: -10, top: 45, right: 10, bottom: 55 },
    ];
    for (const area of areas) {
      const got = visibleIn(l, area).items.map((i) => i.id);
      // Boxes with half a gap around them, in the band of their level (box and the gap below it).
      const want = l.items
        .filter(
          (i) =>
            i.x + 100 + 5 >= area.left && i.x - 5 <= area.right && i.y + 80 > area.top && i.y <= area.bottom,
        )
        .sort((a, b) => a.depth - b.depth || a.x - b.x)
        .map((i) => i.id);
      expect(got).toEqual(want);
    }
    // The root's level, over the gap below it: the root's connector down and its bar (which spans the
    // chart) are drawn, not its children's stubs far away.
    const under = visibleIn(l, { left: -10, top: 55, right: 10, bottom: 60 });
    expect(under.items.map((i) => i.id)).toEqual(['1']);
    const centre = (id: string) => (l.byId.get(id)?.x ?? Number.NaN) + 50;
    expect(under.edges).toBe(`M0 50V65M${centre('10')} 65H${centre('11')}`);
    expect(centre('10')).toBeLessThan(-20_000);
    // Far off the chart: nothing.
    expect(visibleIn(l, { left: l.maxX + 10, top: 0, right: l.maxX + 500, bottom: 900 })).toEqual({
      items: [],
      edges: '',
    });
  });

  it('is empty without data', () => {
    expect(layoutTree(null, acc, opts).items).toEqual([]);
  });
});

describe('mounted part', () => {
  it('nothing before the viewport is measured, everything without a size, plus the kept boxes', () => {
    const l = layoutTree(full(4), acc, opts);
    const none = () => false;
    expect(mountedPart(l, undefined, none)).toEqual({ items: [], edges: '', rect: null });
    const all = mountedPart(l, null, none);
    expect(all.items).toHaveLength(15);
    expect(all.rect).toEqual(layoutRect(l));
    const area = { left: -60, top: 0, right: 60, bottom: 40 };
    expect(mountedPart(l, area, none).items.map((i) => i.id)).toEqual(['1']);
    const kept = mountedPart(l, area, (item) => item.id === '1000');
    expect(kept.items.map((i) => i.id)).toEqual(['1', '1000']);
    expect(kept.rect).toBe(area);
  });
});
