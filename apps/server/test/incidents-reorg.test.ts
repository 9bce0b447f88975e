import { rowsOf, schema } from '@agc/db';
import { createChainWatcher } from '@server/jobs/index.ts';
import { type ChainWatcher, storeEvents } from '@server/modules/chain/index.ts';
import { storedBlocksBelow } from '@server/modules/chain/repository.ts';
import { publishNav } from '@server/modules/funds/index.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { applyPendingTeamVolume } from '@server/modules/team/index.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChainMember, type ChainServer, joinFunded, startChainServer } from './chain.ts';
import { addOpenProduct } from './funds-bills-support.ts';
import { callApi, newWallet, randomHex, signUp } from './helpers.ts';
import { grantAvailable } from './withdraw-support.ts';

/**
 * Reorgs that surface, on anvil: a shop payment that was final and credited is taken off the chain by a reorg
 * deeper than finality (snapshot and revert). That opens a chain incident: the order shows Disputed to the member
 * and to admins, the member's withdrawals are held up to the disputed amount, the admins' incident list shows what
 * the payment touched, and two admins (the amount is above WITHDRAW_SECOND_APPROVAL_USDT here) reverse it through
 * the journal — investment, fee, dividend cap, the inviter's referral and the team volume — after which every
 * balance is what it was before the payment and the journal checks out. Another incident is accepted with a reason.
 */
const USDT = 10n ** 6n;
const AGC = 10n ** 18n;
const CONFIRMATIONS = 3;

let s: ChainServer;
let root: ChainMember;
let m: ChainMember;
const admins = { A1: newWallet(), A2: newWallet() };
const h = {} as Record<'A1' | 'A2', Record<string, string>>;
let watcher: ChainWatcher;

const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  callApi(s, method, url, headers, payload);

/** An order paid on chain and credited at finality, with its team volume applied; answers its id. */
async function creditedOrder(who: ChainMember) {
  const order = (await api('POST', '/order', who.headers, { product_id: 1 })).data;
  for (const url of ['/order/approve/agc/', '/order/approve/usdt/', '/order/tx/'])
    await s.send(who.account, (await api('GET', `${url}${order.order_id}`, who.headers)).data.tx);
  await s.mine(CONFIRMATIONS);
  await watcher.catchUp();
  await applyPendingTeamVolume(s.ctx);
  return order.order_id as string;
}

/** What the journal says of a member, by account code and asset (minor units). */
async function balances(userId: bigint) {
  const rows = rowsOf<{ code: string; asset: string; balance: string }>(
    await s.ctx.db.execute(sql`select code, asset, balance::text as balance from ledger_accounts
      where user_id = ${userId.toString()}::bigint`),
  );
  return Object.fromEntries(rows.map((r) => [`${r.code}.${r.asset}`, BigInt(r.balance)]));
}
const volume = async (userId: bigint) =>
  rowsOf<{ l: string; r: string; lm: string }>(
    await s.ctx.db.execute(sql`select coalesce(sum(left_total), 0)::text as l, coalesce(sum(right_total), 0)::text as r,
      coalesce(sum(left_month), 0)::text as lm from member_volume where user_id = ${userId.toString()}::bigint`),
  )[0];
const ledgerClean = { mismatched: [], negative: [], assetMismatch: [] };
const nonZero = (b: Record<string, bigint>) =>
  Object.fromEntries(Object.entries(b).filter(([, v]) => v !== 0n));

beforeAll(async () => {
  s = await startChainServer({
    CHAIN_CONFIRMATIONS: String(CONFIRMATIONS),
    WITHDRAW_SECOND_APPROVAL_USDT: '50',
    ADMIN_ADDRESSES: `${admins.A1.address},${admins.A2.address}`,
  });
  await seedProducts(s.ctx.db);
  root = await joinFunded(s, null, { usdt: 10_000n * USDT, agc: 10_000n * AGC });
  m = await joinFunded(s, root, { usdt: 10_000n * USDT, agc: 10_000n * AGC });
  for (const who of ['A1', 'A2'] as const)
    ({ headers: h[who] } = await signUp(s, admins[who], { invite_code: root.inviteCode, side: 'right' }));
  watcher = createChainWatcher(s.ctx);
  // The inviter has invested (remaining dividends), so its referral of m's orders is paid, not cut.
  await creditedOrder(root);
}, 60_000);
afterAll(() => s.close());
beforeEach(async () => {
  await watcher.catchUp();
});

describe('a credited payment reorganised away opens a chain incident', () => {
  let orderId: string;
  let before: {
    member: Record<string, bigint>;
    inviter: Record<string, bigint>;
    volume: Awaited<ReturnType<typeof volume>>;
  };

  it('the order shows Disputed to the member and the admins; the incident lists what the payment touched', async () => {
    await grantAvailable(s.ctx, m.id, 'USDT', 500n * USDT);
    before = {
      member: await balances(m.id),
      inviter: await balances(root.id),
      volume: await volume(root.id),
    };
    const snapshot = await s.testClient.snapshot();
    orderId = await creditedOrder(m);
    expect((await api('GET', `/order/${orderId}`, m.headers)).data).toMatchObject({
      status: 'Success',
      disputed: false,
    });
    const credited = await balances(root.id);
    expect(credited['member.available.USDT']).toBeGreaterThan(before.inviter['member.available.USDT'] ?? 0n);
    expect((await volume(root.id))?.l).toBe((BigInt(before.volume?.l ?? '0') + 100n * USDT).toString());

    // Deeper than finality: the block with the payment, and those on top, are replaced.
    await s.reorg(snapshot, CONFIRMATIONS + 2);
    const r = await watcher.pollOnce();
    expect(r.reorg?.orphaned).toBeGreaterThanOrEqual(1);
    await watcher.catchUp();

    // Still credited (nothing is rewritten behind anyone's back), but disputed, for the member and for admins.
    expect((await api('GET', `/order/${orderId}`, m.headers)).data).toMatchObject({
      status: 'Success',
      disputed: true,
    });
    const adminOrders = (await api('GET', '/admin/orders?status=Success&size=50', h.A1)).data.list;
    expect(adminOrders.find((o: { order_id: string }) => o.order_id === orderId)).toMatchObject({
      disputed: true,
    });

    const page = await api('GET', '/admin/incidents', h.A1);
    expect(page.code, page.msg).toBe(200);
    expect(page.data.total).toBe(1);
    const [incident] = page.data.list;
    expect(incident).toMatchObject({
      status: 'open',
      subject: 'shop_order',
      subject_id: orderId,
      subject_status: 'Success',
      member: m.account.address.toLowerCase(),
      amount_usdt: '100',
      needs_second_admin: true,
      reverse: { can: true, reason: null },
      confirm: { can: false },
      accept: { can: true, reason: null },
    });
    const accounts = incident.touched.postings.map(
      (p: { account: string; holder: string; asset: string }) => [p.account, p.holder, p.asset],
    );
    expect(accounts).toEqual(
      expect.arrayContaining([
        ['member.investment', m.account.address.toLowerCase(), 'USDT'],
        ['member.fees_paid', m.account.address.toLowerCase(), 'AGC'],
        ['member.remaining_dividends', m.account.address.toLowerCase(), 'USDT'],
        ['member.available', root.account.address.toLowerCase(), 'USDT'],
      ]),
    );
    expect(incident.touched.team_volume).toBe(true);
    // Members never see the admins' list.
    expect((await api('GET', '/admin/incidents', m.headers)).status).toBe(403);
  });

  it('holds the member’s withdrawals up to the disputed amount', async () => {
    const id = (await api('POST', '/withdraw', m.headers, { amount: '450', type: 1 })).data
      .withdraw_id as string;
    expect((await api('POST', `/admin/withdraws/${id}/approve`, h.A1, {})).data.status).toBe('Auditing');
    const held = "This member's withdrawals are held: a chain incident disputes 100.00 USDT credited to them";
    const row = (await api('GET', '/admin/withdraws', h.A2)).data.list.find(
      (w: { withdraw_id: string }) => w.withdraw_id === id,
    );
    expect(row.approve).toEqual({ can: false, reason: held });
    expect((await api('POST', `/admin/withdraws/${id}/approve`, h.A2, {})).msg).toBe(held);
  });

  it('two admins reverse it through the journal: every balance is back, the journal checks out, the hold ends', async () => {
    const [incident] = (await api('GET', '/admin/incidents', h.A1)).data.list;
    const asked = await api('POST', `/admin/incidents/${incident.id}/reverse`, h.A1, {
      note: 'payment gone',
    });
    expect(asked.data).toMatchObject({
      status: 'reversal_pending',
      reversal_requested_by: admins.A1.address.toLowerCase(),
      confirm: { can: false, reason: 'You asked for this reversal: another admin must confirm it' },
    });
    expect((await api('POST', `/admin/incidents/${incident.id}/confirm`, h.A1, {})).status).toBe(403);
    expect((await api('POST', `/admin/incidents/${incident.id}/accept`, h.A2, { reason: 'x' })).msg).toBe(
      'A reversal of this incident already waits for a second admin: confirm or cancel it',
    );
    const done = await api('POST', `/admin/incidents/${incident.id}/confirm`, h.A2, {});
    expect(done.code, done.msg).toBe(200);
    expect(done.data).toMatchObject({
      status: 'reversed',
      resolved_by: admins.A2.address.toLowerCase(),
      subject_status: 'Canceled',
      reversal: {
        referral: { address: root.account.address.toLowerCase() },
        team_volume: { ancestors: 1, amount: (100n * USDT).toString() },
        cap_used: '0',
      },
    });

    expect(await checkLedger(s.ctx.db)).toEqual(ledgerClean);
    // The member's and the inviter's balances, and the team volume, are what they were before the payment.
    const strip = (b: Record<string, bigint>) =>
      Object.fromEntries(Object.entries(b).filter(([k, v]) => v !== 0n && !k.startsWith('member.locked')));
    const member = await balances(m.id);
    expect(
      strip({ ...member, 'member.available.USDT': (member['member.available.USDT'] ?? 0n) + 450n * USDT }),
    ).toEqual(strip(before.member));
    expect(strip(await balances(root.id))).toEqual(strip(before.inviter));
    expect(await volume(root.id)).toEqual(before.volume);
    const [reward] = rowsOf<{ cut_reason: string; credited_usdt: string }>(
      await s.ctx.db.execute(sql`select cut_reason, credited_usdt::text as credited_usdt from rewards
        where kind = 'referral' and ref = ${`order:${orderId}`}`),
    );
    expect(reward).toEqual({ cut_reason: 'reversed', credited_usdt: '0' });
    const order = (await api('GET', `/order/${orderId}`, m.headers)).data;
    expect([order.status, order.disputed]).toEqual(['Canceled', false]);
    expect(order.reason).toMatch(/^Its payment left the chain after it was credited/);

    // The hold is gone: the second approval goes through.
    const [w] = (await api('GET', '/admin/withdraws', h.A2)).data.list;
    expect(w.approve).toEqual({ can: true, reason: null });
    expect((await api('POST', `/admin/withdraws/${w.withdraw_id}/approve`, h.A2, {})).data.status).toBe(
      'Withdrawable',
    );
    const log = rowsOf<{ action: string }>(
      await s.ctx.db.execute(
        sql`select action from audit_log where target = ${`incident:${incident.id}`} order by id`,
      ),
    ).map((r) => r.action);
    expect(log).toEqual(['incident.reversal_request', 'incident.reverse']);
    expect((await api('GET', '/admin/incidents', h.A1)).data.total).toBe(0);
  });

  it('an admin accepts another one with a reason: the credit stands, the order is no longer disputed', async () => {
    const investment = (await balances(m.id))['member.investment.USDT'] ?? 0n;
    const snapshot = await s.testClient.snapshot();
    const id = await creditedOrder(m);
    await s.reorg(snapshot, CONFIRMATIONS + 2);
    await watcher.catchUp();
    const [incident] = (await api('GET', '/admin/incidents', h.A2)).data.list;
    expect(incident.subject_id).toBe(id);
    const missing = await api('POST', `/admin/incidents/${incident.id}/accept`, h.A2, { reason: ' ' });
    expect(missing.code).toBe(400);
    const accepted = await api('POST', `/admin/incidents/${incident.id}/accept`, h.A2, {
      reason: 'paid off-chain, receipt checked',
    });
    expect(accepted.data).toMatchObject({
      status: 'accepted',
      reason: 'paid off-chain, receipt checked',
      reverse: { can: false, reason: 'This chain incident was already resolved' },
    });
    expect((await api('GET', `/order/${id}`, m.headers)).data).toMatchObject({
      status: 'Success',
      disputed: false,
    });
    expect((await balances(m.id))['member.investment.USDT']).toBe(investment + 100n * USDT);
    expect(await checkLedger(s.ctx.db)).toEqual(ledgerClean);
    const again = await api('POST', `/admin/incidents/${incident.id}/reverse`, h.A1, {});
    expect([again.status, again.msg]).toEqual([409, 'This chain incident was already resolved']);
  });
});

describe('a credited fund subscription reorganised away', () => {
  const product = (name: string) =>
    addOpenProduct(s.ctx, {
      name,
      risk: 'Medium',
      lockDays: 30,
      minimumUsdt: 100n * USDT,
      subscriptionFeePpm: 10_000,
    });
  /** A subscription paid on chain and credited at finality (Processing); the snapshot before its payment. */
  async function paidSubscription(fund: number) {
    const o = (await api('POST', '/funds/orders', m.headers, { product_id: fund, amount: '1000' })).data;
    const step = async (name: string) =>
      (await api('GET', `/funds/orders/${o.order_id}/tx?step=${name}`, m.headers)).data;
    await s.send(m.account, (await step('authUsd')).tx);
    const snapshot = await s.testClient.snapshot();
    await s.send(m.account, (await step('paying')).tx);
    await s.mine(CONFIRMATIONS);
    await watcher.catchUp();
    expect((await api('GET', `/funds/orders/${o.order_id}`, m.headers)).data.status).toBe('Processing');
    return { id: o.order_id as string, snapshot };
  }
  async function reorgAway(snapshot: `0x${string}`) {
    await s.reorg(snapshot, CONFIRMATIONS + 2);
    expect((await watcher.pollOnce()).reorg?.orphaned).toBeGreaterThanOrEqual(1);
    await watcher.catchUp();
  }
  async function reverseWithTwoAdmins(subjectId: string) {
    const incident = (await api('GET', '/admin/incidents', h.A1)).data.list.find(
      (i: { subject: string; subject_id: string }) =>
        i.subject === 'fund_order' && i.subject_id === subjectId,
    );
    expect(incident).toMatchObject({ status: 'open', amount_usdt: '1000', needs_second_admin: true });
    await api('POST', `/admin/incidents/${incident.id}/reverse`, h.A1, {});
    return (await api('POST', `/admin/incidents/${incident.id}/confirm`, h.A2, {})).data;
  }

  it('while it waits for its NAV: Disputed, then reversed out of the member’s fund_subscribing', async () => {
    const before = await balances(m.id);
    const { id, snapshot } = await paidSubscription(await product('Waiting Fund'));
    await reorgAway(snapshot);
    expect((await api('GET', `/funds/orders/${id}`, m.headers)).data).toMatchObject({
      status: 'Processing',
      disputed: true,
    });
    const done = await reverseWithTwoAdmins(id);
    expect(done).toMatchObject({ status: 'reversed', subject_status: 'Cancelled', reversal: { units: '0' } });
    expect((await api('GET', `/funds/orders/${id}`, m.headers)).data).toMatchObject({
      status: 'Cancelled',
      disputed: false,
    });
    // Every balance as before (an account the payment opened stays, at zero).
    expect(nonZero(await balances(m.id))).toEqual(nonZero(before));
    expect(await checkLedger(s.ctx.db)).toEqual(ledgerClean);
  });

  it('once priced: its units go back to the fund and its money back out of the fund', async () => {
    const before = await balances(m.id);
    const fund = await product('Priced Fund');
    const { id, snapshot } = await paidSubscription(fund);
    const asAdmin = { id: root.id, address: root.account.address.toLowerCase(), roles: ['admin' as const] };
    await publishNav(s.ctx, asAdmin, fund, s.ctx.now().toISOString().slice(0, 10), '1');
    expect((await api('GET', `/funds/orders/${id}`, m.headers)).data).toMatchObject({
      status: 'Subscription',
      units: '990',
    });
    await reorgAway(snapshot);
    const done = await reverseWithTwoAdmins(id);
    expect(done).toMatchObject({ status: 'reversed', reversal: { units: (990n * USDT).toString() } });
    const after = await balances(m.id);
    expect(after[`member.fund_units.FUND-${fund}`]).toBe(0n);
    expect(nonZero(after)).toEqual(nonZero(before));
    expect(await checkLedger(s.ctx.db)).toEqual(ledgerClean);
  });
});

describe('the rewind finds the newest block still on the chain by number, not by its text', () => {
  it('stored events in blocks 9 and 10: block 10 is the newer one', async () => {
    const events = [9n, 10n].map((blockNumber, i) => ({
      txHash: randomHex(32),
      logIndex: i,
      blockNumber,
      blockHash: randomHex(32),
      contract: 'vault' as const,
      name: 'Test',
      args: {},
    }));
    await s.ctx.db.transaction((tx) => storeEvents(s.ctx, tx, events));
    const page = await storedBlocksBelow(s.ctx.db, s.ctx.chain.id, 11n);
    expect(page.map((p) => p.block).filter((b) => b <= 10n)).toEqual([10n, 9n]);
    await s.ctx.db.delete(schema.chainEvents).where(eq(schema.chainEvents.name, 'Test'));
  });
});
