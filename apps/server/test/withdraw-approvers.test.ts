import { schema } from '@agc/db';
import { openIncidents } from '@server/modules/chain/index.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, randomHex, signUp, startTestServer, type TestServer } from './helpers.ts';
import { AGC, grantAvailable, USDT } from './withdraw-support.ts';

// Independent approvers: a withdrawal's approvers are different persons from the member and from each other, and
// none of them gained its approval role from another of them (asked for or confirmed it, directly or through a
// chain of grants) within ROLE_COOLING_HOURS; and a chain incident holds the member's withdrawals up to its
// disputed amount. The page reads each row's `approve` ability from the same rule.
let s: TestServer;
/** R and C: the configured admins (the root of trust); X (admin), Y (auditor): approvers they make; M, W, Z: members. */
const w = {
  R: newWallet(),
  C: newWallet(),
  X: newWallet(),
  Y: newWallet(),
  M: newWallet(),
  W: newWallet(),
  Z: newWallet(),
};
type Who = keyof typeof w;
const h = {} as Record<Who, Record<string, string>>;
const m = {} as Record<Who, Member>;

const call = async (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await s.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...h[who], 'accept-language': 'en' },
    ...(payload !== undefined && { payload: payload as object }),
  });
  const body = res.json();
  return { status: res.statusCode, code: body.code as number, msg: body.msg as string, data: body.data };
};
const request = async (who: Who, amount: string, type = 1) => {
  const res = await call(who, 'POST', 'withdraw', { amount, type });
  if (res.code !== 200) throw new Error(JSON.stringify(res));
  return res.data.withdraw_id as string;
};
const approve = (who: Who, id: string) => call(who, 'POST', `admin/withdraws/${id}/approve`, {});
/** The row's approve ability as `who` reads the audit page. */
const ability = async (who: Who, id: string) => {
  const list: Array<{ withdraw_id: string; approve: unknown }> = (
    await call(who, 'GET', 'admin/withdraws?size=100')
  ).data.list;
  return list.find((r) => r.withdraw_id === id)?.approve;
};
/** Asks for a role with one admin and confirms it with another, through the API. */
async function make(target: Who, role: 'admin' | 'auditor', asker: Who, confirmer: Who) {
  const asked = await call(asker, 'POST', 'admin/roles/grant', { address: w[target].address, role });
  if (!asked.data) throw new Error(JSON.stringify(asked));
  const done = await call(confirmer, 'POST', `admin/roles/requests/${asked.data.request.id}/confirm`, {});
  expect(done.data.status, done.msg).toBe('confirmed');
}

const RELATED_MEMBER =
  'You gained your approval role from this member, or they theirs from you, less than 24 hours ago: another approver must decide';
const RELATED_FIRST =
  'You gained your approval role from the first approver, or they theirs from you, less than 24 hours ago: another approver must give the second approval';

beforeAll(async () => {
  s = await startTestServer({
    ADMIN_ADDRESSES: `${w.R.address},${w.C.address}`,
    WITHDRAW_SECOND_APPROVAL_USDT: '100',
    WITHDRAW_FEE_PERCENT: '5',
    AGC_PRICE_USDT: '0.5',
  });
  ({ headers: h.R, member: m.R } = await signUp(s, w.R));
  for (const who of ['C', 'X', 'Y', 'M', 'W', 'Z'] as const)
    ({ headers: h[who], member: m[who] } = await signUp(s, w[who], {
      invite_code: m.R.inviteCode,
      side: 'left',
    }));
  for (const who of ['R', 'C', 'X', 'Y', 'M', 'W'] as const)
    await grantAvailable(s.ctx, m[who].id, 'USDT', 2_000n * USDT);
  // R asks, C confirms: X gained admin from both. Then X asks, R confirms: Y gained auditor from X and R, and so
  // from C too, through X.
  await make('X', 'admin', 'R', 'C');
  await make('Y', 'auditor', 'X', 'R');
});
afterAll(() => s?.close());

describe('independent approvers within ROLE_COOLING_HOURS', () => {
  it('an approver does not approve a withdrawal of an admin it gained its role from; an independent admin does', async () => {
    const id = await request('R', '50');
    expect(await ability('X', id)).toEqual({ can: false, reason: RELATED_MEMBER });
    const refused = await approve('X', id);
    expect([refused.status, refused.msg]).toEqual([403, RELATED_MEMBER]);
    expect((await call('X', 'POST', 'admin/withdraws/approve', { ids: [id] })).data.skipped).toEqual([id]);
    // A member nobody is related to: X may.
    const other = await request('M', '50');
    expect(await ability('X', other)).toEqual({ can: true, reason: null });
    expect((await approve('X', other)).data.status).toBe('Withdrawable');
    // C's power is configuration's, and R's too: they are independent of each other.
    expect(await ability('C', id)).toEqual({ can: true, reason: null });
    expect((await approve('C', id)).data.status).toBe('Withdrawable');
  });

  it('an admin and the approver it made are not the two approvers of one large withdrawal', async () => {
    const id = await request('M', '150');
    expect((await approve('R', id)).data).toMatchObject({
      status: 'Auditing',
      first_approved_by: m.R.address,
    });
    expect(await ability('X', id)).toEqual({ can: false, reason: RELATED_FIRST });
    const refused = await approve('X', id);
    expect([refused.status, refused.msg]).toEqual([403, RELATED_FIRST]);
    expect((await approve('C', id)).data.status).toBe('Withdrawable');
  });

  it('transitively: Y gained its role from X, who gained admin from C, so C and Y are no two approvers either', async () => {
    const id = await request('M', '150');
    expect((await approve('C', id)).data.status).toBe('Auditing');
    expect(await ability('Y', id)).toEqual({ can: false, reason: RELATED_FIRST });
    expect((await approve('Y', id)).status).toBe(403);
    // Y first: X (who asked for Y's role) and R (who confirmed it) cannot be second; only C is left, and C is
    // related through X.
    const next = await request('W', '150');
    expect((await approve('Y', next)).data.status).toBe('Auditing');
    for (const who of ['X', 'R', 'C'] as const) expect((await approve(who, next)).msg).toBe(RELATED_FIRST);
  });

  it('the same member never approves twice, whatever the cooling', async () => {
    const id = await request('W', '150');
    await approve('C', id);
    expect(await ability('C', id)).toEqual({
      can: false,
      reason: 'A second, different approver must approve this withdrawal',
    });
  });

  it('after ROLE_COOLING_HOURS the roles are established: the same approvals go through', async () => {
    const own = await request('R', '50');
    const large = await request('M', '150');
    await approve('C', large);
    s.advance(24 * 3_600_000 + 1000);
    expect(await ability('X', own)).toEqual({ can: true, reason: null });
    expect((await approve('X', own)).data.status).toBe('Withdrawable');
    expect((await approve('Y', large)).data.status).toBe('Withdrawable');
  });
});

describe('a chain incident holds the member’s withdrawals up to its disputed amount', () => {
  const HELD = "This member's withdrawals are held: a chain incident disputes 100.00 USDT credited to them";
  let incident: bigint;
  let waiting: string[] = [];

  it('an approval that would leave less than the disputed amount waits; what leaves more goes', async () => {
    // Z has 1,500 USDT and 100 AGC available; a credited payment of 100 USDT is disputed.
    await grantAvailable(s.ctx, m.Z.id, 'USDT', 1_500n * USDT);
    const [inserted] = await s.ctx.db
      .insert(schema.chainEvents)
      .values({
        chainId: s.ctx.chain.id,
        txHash: randomHex(32),
        logIndex: 0,
        blockNumber: 1n,
        blockHash: randomHex(32),
        contract: 'transfer',
        name: 'Paid',
        args: {},
        orphanedAt: s.ctx.now(),
      })
      .returning({ id: schema.chainEvents.id });
    if (!inserted) throw new Error('no event');
    const event = inserted;
    await s.ctx.db.transaction((tx) =>
      openIncidents(
        tx,
        [
          {
            chainEventId: event.id,
            subject: 'shop_order',
            subjectId: 1n,
            userId: m.Z.id,
            amountUsdt: 100n * USDT,
          },
        ],
        s.ctx.now(),
      ),
    );
    const [opened] = await s.ctx.db
      .select({ id: schema.chainIncidents.id })
      .from(schema.chainIncidents)
      .where(eq(schema.chainIncidents.chainEventId, event.id));
    if (!opened) throw new Error('no incident');
    incident = opened.id;
    await grantAvailable(s.ctx, m.Z.id, 'AGC', 100n * AGC); // 50 USDT at 0.5
    const big = await request('Z', '1450');
    const agc = await request('Z', '2', 2); // 1 USDT
    const small = await request('Z', '10');
    // What could still leave: 40 USDT + 98 AGC (49 USDT) available, 1,461 USDT in Auditing requests. Paying the big
    // one out leaves exactly the 100 disputed; after it, neither of the others may go.
    expect(await ability('C', big)).toEqual({ can: true, reason: null });
    expect((await approve('R', big)).data.status).toBe('Auditing'); // the first of two approvals moves nothing
    expect((await approve('C', big)).data.status).toBe('Withdrawable');
    expect(await ability('C', agc)).toEqual({ can: false, reason: HELD });
    const held = await approve('C', agc);
    expect([held.status, held.msg]).toEqual([400, HELD]);
    expect((await call('C', 'POST', 'admin/withdraws/approve', { ids: [agc, small] })).data).toEqual({
      approved: [],
      awaiting_second: [],
      skipped: [agc, small],
    });
    waiting = [agc, small];
    // Other members are not held.
    const wOwn = await request('W', '10');
    expect((await approve('C', wOwn)).data.status).toBe('Withdrawable');
  });

  it('resolved, the hold is gone', async () => {
    await s.ctx.db
      .update(schema.chainIncidents)
      .set({ status: 'accepted', resolvedAt: s.ctx.now() })
      .where(eq(schema.chainIncidents.id, incident));
    for (const id of waiting) expect(await ability('C', id)).toEqual({ can: true, reason: null });
    expect((await call('C', 'POST', 'admin/withdraws/approve', { ids: waiting })).data.approved).toEqual(
      waiting,
    );
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
