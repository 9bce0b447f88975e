import type { Relation } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { describe, expect, it } from 'vitest';
import { addressOf, fakeSubtree, member, subtreeAnswer, treeAnswer, treeRes } from '../test-fixtures.ts';
import {
  childrenOf,
  expandAlongPath,
  idsToLoad,
  type MemberOrgNode,
  matchesAddress,
  memberAcc,
  memberClass,
  relationRoot,
  rootFrom,
  subtreeFrom,
  validateSearchAddress,
  withSubtree,
} from './member-tree.ts';
import { findNode, needsLoad, visibleChildren } from './tree.ts';

const addr = addressOf;
const res = treeRes;

describe('member tree nodes', () => {
  it('maps me/tree: the root opened, an empty slot beside a lone child, none for a leaf', () => {
    const me = member('1', { depth: 0, side: null, has_left: true });
    const root = rootFrom(res(me, member('2', { has_right: true }), null));
    expect(root).toMatchObject({ id: '1', pid: null, label: addr('1'), expand: true, isLeaf: false });
    expect(root.children.map((c) => [c.id, c.pid, c.isLeaf, c.disabled ?? false, c.slot])).toEqual([
      ['2', '1', false, false, undefined],
      ['1-right', '1', true, true, 'right'],
    ]);
    expect(childrenOf(res(member('3'), null, null))).toEqual([]);
    expect(rootFrom(res(member('3'), null, null))).toMatchObject({ isLeaf: true, expand: false });
  });

  it('a member without children is a leaf from the start (no request for it)', () => {
    const [left] = childrenOf(res(member('1'), member('2'), member('3', { has_left: true })));
    expect(left?.isLeaf).toBe(true);
    expect(childrenOf(res(member('1'), member('2'), member('3', { has_left: true })))[1]?.isLeaf).toBe(false);
  });

  it('opens the chart along a relation path with the loaded levels', () => {
    const me = member('1', { depth: 0, side: null, has_left: true, has_right: true });
    const tree = rootFrom(res(me, member('2', { has_left: true }), member('3')));
    const path = ['1', '2', '4', '8'];
    expect(idsToLoad(tree, path)).toEqual(['2', '4']);
    const loaded = new Map([
      ['2', childrenOf(res(member('2'), member('4', { has_right: true, depth: 2 }), null))],
      ['4', childrenOf(res(member('4'), null, member('8', { depth: 3, side: 'right' })))],
    ]);
    const open = expandAlongPath(tree, path, loaded);
    expect(findNode(open, '8', memberAcc)?.member?.depth).toBe(3);
    expect(
      visibleChildren(findNode(open, '4', memberAcc) as MemberOrgNode, memberAcc).map((c) => c.id),
    ).toEqual(['4-left', '8']);
    // A missing level stops the walk rather than inventing nodes.
    const partial = expandAlongPath(tree, path, new Map([['2', loaded.get('2') ?? []]]));
    expect(findNode(partial, '4', memberAcc)?.expand).toBe(false);
    expect(findNode(partial, '8', memberAcc)).toBeNull();
  });

  it('re-roots only for a cut path', () => {
    const base: Relation = {
      distance: 3,
      path: [{ id: '1', address: addr('1'), side: null }],
      truncated: false,
      target: member('9'),
    };
    expect(relationRoot(base)).toBeNull();
    expect(
      relationRoot({ ...base, truncated: true, path: [{ id: '5', address: addr('5'), side: 'left' }] }),
    ).toBe('5');
  });
});

describe('search and filter', () => {
  it('requires an invitation address and checks its form', () => {
    expect(validateSearchAddress('')).toEqual({ problem: 'required' });
    expect(validateSearchAddress('   ')).toEqual({ problem: 'required' });
    expect(validateSearchAddress('0x123')).toEqual({ problem: 'invalid' });
    expect(validateSearchAddress(`${addr('1')}0`)).toEqual({ problem: 'invalid' });
    expect(validateSearchAddress(` ${addr('1')} `)).toEqual({ address: addr('1') });
  });

  it('filters by any part of the address, case-insensitively; empty slots never match', () => {
    const node = childrenOf(
      res(member('1'), member('2', { address: '0xAbCdEf0000000000000000000000000000001234' }), null),
    );
    expect(matchesAddress('cdef', node[0] as MemberOrgNode)).toBe(true);
    expect(matchesAddress('1234', node[0] as MemberOrgNode)).toBe(true);
    expect(matchesAddress('9999', node[0] as MemberOrgNode)).toBe(false);
    expect(matchesAddress('', node[1] as MemberOrgNode)).toBe(false);
  });
});

describe('expand all from me/tree/subtree', () => {
  const visibleIds = (tree: MemberOrgNode): string[] => [
    tree.id,
    ...(tree.expand ? visibleChildren(tree, memberAcc).flatMap(visibleIds) : []),
  ];

  it('builds the whole subtree opened, with empty slots beside lone children', () => {
    const sub = defined(subtreeFrom(defined(subtreeAnswer(fakeSubtree(), '1'))));
    expect(visibleIds(sub)).toEqual(['1', '2', '4', '4-left', '8', '2-right', '3']);
    expect(findNode(sub, '3', memberAcc)).toMatchObject({ isLeaf: true, expand: false });
    expect(findNode(sub, '8', memberAcc)).toMatchObject({ pid: '4', isLeaf: true });
    expect(findNode(sub, '4-left', memberAcc)).toMatchObject({ disabled: true, slot: 'left' });
  });

  it('leaves a node whose children were cut off by the limit closed, to load lazily', () => {
    const answer = defined(subtreeAnswer(fakeSubtree(), '1', 4));
    expect(answer.truncated).toBe(true);
    const sub = defined(subtreeFrom(answer));
    // 1, 2, 3 and 4 arrived; 4's right child (8) did not.
    expect(visibleIds(sub)).toEqual(['1', '2', '4', '2-right', '3']);
    const four = defined(findNode(sub, '4', memberAcc));
    expect(four).toMatchObject({ expand: false, isLeaf: false, children: [] });
    expect(needsLoad(four, memberAcc)).toBe(true);
  });

  it('puts a loaded subtree in place of its root, keeping the rest of the chart', () => {
    const tree = rootFrom(defined(treeAnswer(fakeSubtree(), '1')));
    const sub = defined(subtreeFrom(defined(subtreeAnswer(fakeSubtree(), '2'))));
    const merged = withSubtree(tree, sub);
    expect(visibleIds(merged)).toEqual(['1', '2', '4', '4-left', '8', '2-right', '3']);
    expect(findNode(merged, '2', memberAcc)?.pid).toBe('1');
  });

  it('gives every member box its level’s class; level 0 is no level, distinct from V1', () => {
    expect(memberClass({ depth: 1, level: 0 })).toBe('member-node member-node--lv0');
    expect(memberClass({ depth: 1, level: 1 })).toBe('member-node member-node--lv1');
    expect(memberClass({ depth: 0, level: 3 })).toBe('member-node member-node--lv3 member-node--root');
    expect(memberClass({ depth: 2, level: 9 })).toBe('member-node member-node--lv0');
  });
});
