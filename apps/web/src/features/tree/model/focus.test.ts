import { describe, expect, it } from 'vitest';
import { focusView, readableFit, readableScale } from './focus.ts';
import { layoutTree } from './layout.ts';
import { accessor, type OrgNodeBase } from './tree.ts';
import { isCompact, origin } from './viewport.ts';

interface N extends OrgNodeBase {
  id: string;
  pid: string | null;
  label: string;
  expand: boolean;
  children: N[];
  isLeaf: boolean;
}
const acc = accessor<N>();
const node = (id: string, children: N[] = []): N => ({
  id,
  pid: null,
  label: id,
  expand: children.length > 0,
  children,
  isLeaf: children.length === 0,
});
/** A full binary tree of `depth` levels below `id`. */
const full = (id: string, depth: number): N =>
  depth === 0 ? node(id) : node(id, [full(`${id}L`, depth - 1), full(`${id}R`, depth - 1)]);
const OPTIONS = { nodeWidth: 196, nodeHeight: 92, hGap: 14, vGap: 36 };
const PHONE = { width: 366, height: 640 };
const FONT = 11;

/** Where a node's box lands on screen (left and right edges) under a view. */
function onScreen(layout: ReturnType<typeof layoutTree<N>>, id: string, view: { x: number; scale: number }) {
  const item = layout.byId.get(id);
  if (!item) throw new Error(id);
  const o = origin(PHONE);
  return { left: o.x + view.x + item.x * view.scale, right: o.x + view.x + (item.x + 196) * view.scale };
}

describe('readable views of the invite tree', () => {
  it('the readable zoom is where 11 px text is 9 px', () => {
    expect(readableScale(11)).toBe(0.82);
    expect(isCompact(readableScale(11), 11)).toBe(false);
    expect(readableScale(20)).toBe(0.45);
    expect(readableScale(5)).toBe(1);
  });

  it('restored: the root with its left slot on the left half and its right slot on the right, all on screen', () => {
    // At 100 % two 196 px boxes do not fit a phone: the root's slots were cut at both edges.
    const layout = layoutTree(full('r', 1), acc, OPTIONS);
    const view = focusView(layout, 'r', PHONE, FONT);
    expect(isCompact(view.scale, FONT)).toBe(false);
    const left = onScreen(layout, 'rL', view);
    const right = onScreen(layout, 'rR', view);
    const middle = PHONE.width / 2;
    expect(left.left).toBeGreaterThanOrEqual(0);
    expect(left.right).toBeLessThanOrEqual(middle);
    expect(right.left).toBeGreaterThanOrEqual(middle);
    expect(right.right).toBeLessThanOrEqual(PHONE.width);
  });

  it('a branch too wide for readable text centres on its root rather than drawing blocks', () => {
    // The root's children sit over their own subtrees: far apart, what shows near the middle are deeper slots
    // (the empty slots name their parent for that reason).
    const layout = layoutTree(full('r', 6), acc, OPTIONS);
    const view = focusView(layout, 'r', PHONE, FONT);
    expect(view.scale).toBe(readableScale(FONT));
    const root = onScreen(layout, 'r', view);
    expect((root.left + root.right) / 2).toBeCloseTo(PHONE.width / 2);
  });

  it('Expand all fits a small tree readably and calls a wide one unreadable', () => {
    const small = layoutTree(full('r', 1), acc, OPTIONS);
    expect(readableFit(small, PHONE, FONT).readable).toBe(true);
    const wide = layoutTree(full('r', 5), acc, OPTIONS);
    const fit = readableFit(wide, PHONE, FONT);
    expect(fit.readable).toBe(false);
  });
});
