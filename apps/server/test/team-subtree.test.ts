import { SUBTREE_NODE_LIMIT, type SubtreeNode } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { Member } from '@server/modules/members/index.ts';
import { getSubtree } from '@server/modules/team/service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// me/tree/subtree ("expand all" in the invite tree): a whole subtree in one request, only
// inside the member's own downline, capped.
//
//          R
//       A     X          A's subtree: A, B, C, D, E (X is R's, outside A's).
//     B   C
//   D       E

let s: TestServer;
const h: Record<string, Record<string, string>> = {};
const m: Record<string, Member> = {};

const get = (who: string | null, url: string) =>
  s.app.inject({
    method: 'GET',
    url: `/api/v1/${url}`,
    headers: { ...(who ? h[who] : {}), 'accept-language': 'en' },
  });
const join = async (who: string, inviter: string, side: 'left' | 'right') => {
  ({ headers: h[who], member: m[who] } = await signUp(s, newWallet(), {
    invite_code: defined(m[inviter]).inviteCode,
    side,
  }));
};
const names = (nodes: SubtreeNode[]) =>
  nodes.map((n) => Object.keys(m).find((k) => defined(m[k]).id.toString() === n.id));

beforeAll(async () => {
  s = await startTestServer();
  ({ headers: h.R, member: m.R } = await signUp(s, newWallet()));
  await join('A', 'R', 'left');
  await join('X', 'R', 'right');
  await join('B', 'A', 'left');
  await join('C', 'A', 'right');
  await join('D', 'B', 'left');
  await join('E', 'C', 'right');
});
afterAll(() => s.close());

describe('GET me/tree/subtree', () => {
  it('answers my whole subtree level by level, each node with its parent', async () => {
    const body = (await get('A', 'me/tree/subtree')).json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      root: defined(m.A).id.toString(),
      truncated: false,
      limit: SUBTREE_NODE_LIMIT,
    });
    const nodes = body.data.nodes as SubtreeNode[];
    expect(names(nodes)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(nodes[0]).toMatchObject({ parent_id: null, depth: 0, has_left: true, has_right: true });
    expect(nodes.find((n) => n.id === defined(m.D).id.toString())).toMatchObject({
      parent_id: defined(m.B).id.toString(),
      side: 'left',
      depth: 2,
      level: 0,
      has_left: false,
      has_right: false,
    });
  });

  it('answers a node inside my subtree by id, with depths relative to me', async () => {
    const body = (await get('R', `me/tree/subtree?id=${defined(m.B).id}`)).json();
    expect(body.code).toBe(200);
    expect(names(body.data.nodes)).toEqual(['B', 'D']);
    expect(body.data.nodes[0]).toMatchObject({ parent_id: null, depth: 2 });
  });

  it('refuses a member outside my subtree (404, no leak), bad ids (400) and signed-out callers (401)', async () => {
    for (const id of [defined(m.X).id, defined(m.R).id, 999_999n]) {
      const res = await get('A', `me/tree/subtree?id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: 'This member is not in your team' });
    }
    expect((await get('A', 'me/tree/subtree?id=abc')).statusCode).toBe(400);
    expect((await get(null, 'me/tree/subtree')).statusCode).toBe(401);
  });

  it('stops at the node limit and says it is truncated', async () => {
    const cut = await getSubtree(s.ctx, defined(m.R).id, undefined, 4);
    expect(cut.truncated).toBe(true);
    expect(cut.limit).toBe(4);
    // The first levels in full: R, then A and X (by id), then one of the next level.
    expect(names(cut.nodes).slice(0, 3)).toEqual(['R', 'A', 'X']);
    expect(['B', 'C']).toContain(names(cut.nodes)[3]);
    expect(cut.nodes).toHaveLength(4);
    const whole = await getSubtree(s.ctx, defined(m.R).id, undefined, 7);
    expect(whole).toMatchObject({ truncated: false });
    expect(whole.nodes).toHaveLength(7);
  });
});
