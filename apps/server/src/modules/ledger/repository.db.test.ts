import type { DbHandle } from '@agc/db';
import { rowsOf, schema } from '@agc/db';
import { createTestDb } from '@agc/db/testing';
import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  type AccountRef,
  balanceOf,
  checkLedger,
  checkMemberTotals,
  foldMemberTotals,
  LedgerError,
  memberTotalsOf,
  rebuildMemberTotals,
  transfer,
  transferBatch,
} from './repository.ts';

let h: DbHandle;
const members: bigint[] = [];

beforeAll(async () => {
  h = await createTestDb();
  // Three members to move money between (the ledger needs only their ids).
  for (let i = 0; i < 3; i++) {
    const [leg] = await h.db.insert(schema.legs).values({}).returning();
    const [u] = await h.db
      .insert(schema.users)
      .values({
        address: `0x${String(i).padStart(40, '0')}`,
        inviteCode: `LEDGER${i}AA`.slice(0, 8),
        inviterId: i === 0 ? null : members[0],
        parentId: i === 0 ? null : members[0],
        side: i === 0 ? null : i === 1 ? 'left' : 'right',
        leftLegId: defined(leg).id,
        rightLegId: defined(leg).id,
      })
      .returning();
    members.push(defined(u).id);
  }
});
afterAll(async () => {
  await h.close();
});

const acct = (
  userId: bigint | null,
  code: AccountRef['code'],
  asset: AccountRef['asset'] = 'USDT',
): AccountRef => ({ userId, code, asset });
let keySeq = 0;
const key = () => `test:${Date.now()}:${keySeq++}`;
/** A transfer of the batch tests (kind 't', ref 'b'). */
const batchItem = (debit: AccountRef, credit: AccountRef, amount: bigint, idempotencyKey: string) => ({
  debit,
  credit,
  amount,
  kind: 't',
  ref: 'b',
  idempotencyKey,
});
/** One transfer in its own transaction, under a fresh idempotency key unless one is given. */
const post = (
  debit: AccountRef,
  credit: AccountRef,
  amount: bigint,
  kind: string,
  ref: string,
  idempotencyKey = key(),
) => h.db.transaction((tx) => transfer(tx, { debit, credit, amount, kind, ref, idempotencyKey }));

describe('transfer', () => {
  it('moves both balances and is idempotent on its key', async () => {
    const m = defined(members[0]);
    const k = key();
    const input = {
      debit: acct(null, ACCOUNTS.chainInflow),
      credit: acct(m, ACCOUNTS.investment),
      amount: 150_000_000n,
      kind: 'test',
      ref: 'r',
      idempotencyKey: k,
    };
    const before = await balanceOf(h.db, acct(m, ACCOUNTS.investment));
    const first = await h.db.transaction((tx) => transfer(tx, input));
    const again = await h.db.transaction((tx) => transfer(tx, input));
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(await balanceOf(h.db, acct(m, ACCOUNTS.investment))).toBe(before + 150_000_000n);
  });

  it('refuses to take a member account below zero and changes nothing', async () => {
    const m = defined(members[1]);
    const before = await checkLedger(h.db);
    const err = await post(
      acct(m, ACCOUNTS.available),
      acct(null, ACCOUNTS.rewardsPaid),
      1n,
      'test',
      'r',
    ).catch((e) => e);
    expect(err).toBeInstanceOf(LedgerError);
    expect(await balanceOf(h.db, acct(m, ACCOUNTS.available))).toBe(0n);
    expect(await checkLedger(h.db)).toEqual(before);
  });

  it('refuses zero, negative and cross-asset transfers', async () => {
    const m = defined(members[0]);
    for (const amount of [0n, -5n]) {
      await expect(
        post(acct(null, ACCOUNTS.chainInflow), acct(m, ACCOUNTS.investment), amount, 't', 'r'),
      ).rejects.toThrow(/positive/);
    }
    await expect(
      post(acct(null, ACCOUNTS.chainInflow, 'AGC'), acct(m, ACCOUNTS.investment), 1n, 't', 'r'),
    ).rejects.toThrow(/one asset/);
  });

  it('holds AGC amounts far beyond 64 bits exactly', async () => {
    const m = defined(members[2]);
    const huge = 123_456_789_012_345_678_901_234_567_890n;
    await post(acct(null, ACCOUNTS.chainInflow, 'AGC'), acct(m, ACCOUNTS.feesPaid, 'AGC'), huge, 't', 'r');
    expect(await balanceOf(h.db, acct(m, ACCOUNTS.feesPaid, 'AGC'))).toBe(huge);
  });
});

describe('transferBatch', () => {
  it('posts many transfers at once, skips keys already posted, and moves each balance by its net change', async () => {
    const m = defined(members[2]);
    const k = key();
    const inputs = [
      batchItem(acct(null, ACCOUNTS.rewardsPaid), acct(m, ACCOUNTS.available), 7n, `${k}:1`),
      batchItem(acct(null, ACCOUNTS.rewardsPaid, 'AGC'), acct(m, ACCOUNTS.available, 'AGC'), 3n, `${k}:2`),
      batchItem(acct(m, ACCOUNTS.available), acct(null, ACCOUNTS.rewardsPaid), 5n, `${k}:3`),
    ];
    const before = await balanceOf(h.db, acct(m, ACCOUNTS.available));
    const first = await h.db.transaction((tx) => transferBatch(tx, inputs));
    expect([...first.keys()].sort()).toEqual([`${k}:1`, `${k}:2`, `${k}:3`]);
    const again = await h.db.transaction((tx) => transferBatch(tx, inputs));
    expect(again.size).toBe(0);
    expect(await balanceOf(h.db, acct(m, ACCOUNTS.available))).toBe(before + 2n);
    expect(await balanceOf(h.db, acct(m, ACCOUNTS.available, 'AGC'))).toBeGreaterThanOrEqual(3n);
    expect(await checkLedger(h.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('refuses the whole batch when a member account would end below zero, changing nothing', async () => {
    const m = defined(members[2]);
    const balance = await balanceOf(h.db, acct(m, ACCOUNTS.available));
    const k = key();
    const inputs = [
      batchItem(acct(null, ACCOUNTS.rewardsPaid), acct(m, ACCOUNTS.remainingDividends), 1n, `${k}:ok`),
      batchItem(acct(m, ACCOUNTS.available), acct(null, ACCOUNTS.rewardsPaid), balance + 1n, `${k}:over`),
    ];
    await expect(h.db.transaction((tx) => transferBatch(tx, inputs))).rejects.toBeInstanceOf(LedgerError);
    expect(await balanceOf(h.db, acct(m, ACCOUNTS.available))).toBe(balance);
    const posted = await h.db.select().from(schema.ledgerTransfers);
    expect(posted.some((t) => t.idempotencyKey.startsWith(k))).toBe(false);
  });
});

describe('ledger invariants (property)', () => {
  it('random sequences of payments, rewards and withdrawals keep every invariant', async () => {
    // An operation on member m (0–2) of an amount from 1 to max.
    const opOf = <T extends string>(t: T, max: bigint) =>
      fc.record({ t: fc.constant(t), m: fc.nat(2), amount: fc.bigInt({ min: 1n, max }) });
    const op = fc.oneof(
      opOf('pay', 10n ** 12n),
      opOf('reward', 10n ** 9n),
      opOf('spend', 10n ** 9n),
      opOf('replay', 10n ** 6n),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        // The model: what each member's available balance should be.
        const model = new Map<bigint, bigint>();
        const start = new Map<bigint, bigint>();
        for (const m of members) {
          const b = await balanceOf(h.db, acct(m, ACCOUNTS.available));
          model.set(m, b);
          start.set(m, b);
        }
        let lastKey = '';
        for (const o of ops) {
          const m = defined(members[o.m]);
          if (o.t === 'pay') {
            await post(acct(null, ACCOUNTS.chainInflow), acct(m, ACCOUNTS.investment), o.amount, 'pay', 'p');
          } else if (o.t === 'reward' || (o.t === 'replay' && lastKey)) {
            // A reward under a new key; a replay posts the last key again, which changes nothing.
            if (o.t === 'reward') lastKey = key();
            await post(
              acct(null, ACCOUNTS.rewardsPaid),
              acct(m, ACCOUNTS.available),
              o.amount,
              'reward',
              'r',
              lastKey,
            );
            if (o.t === 'reward') model.set(m, defined(model.get(m)) + o.amount);
          } else if (o.t === 'spend') {
            const ok = await post(
              acct(m, ACCOUNTS.available),
              acct(null, ACCOUNTS.rewardsPaid),
              o.amount,
              'spend',
              's',
            ).then(
              () => true,
              (e) => (e instanceof LedgerError ? false : Promise.reject(e)),
            );
            // Refused exactly when the model says the balance does not cover it.
            expect(ok).toBe(defined(model.get(m)) >= o.amount);
            if (ok) model.set(m, defined(model.get(m)) - o.amount);
          }
        }
        for (const m of members)
          expect(await balanceOf(h.db, acct(m, ACCOUNTS.available))).toBe(model.get(m));
        const check = await checkLedger(h.db);
        expect(check).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
        expect(await checkMemberTotals(h.db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});

describe('concurrency', () => {
  it('many concurrent debits of one account accept exactly what the balance covers', async () => {
    const m = defined(members[1]);
    // An account no other test touches: it holds exactly 30.
    const account = acct(m, ACCOUNTS.remainingDividends);
    await post(acct(null, ACCOUNTS.dividendCapIssued), account, 30n, 'fund', 'f');
    const results = await Promise.all(
      Array.from({ length: 60 }, () =>
        post(account, acct(null, ACCOUNTS.dividendCapIssued), 1n, 'spend', 's').then(
          () => 'ok',
          (e) => (e instanceof LedgerError ? 'refused' : Promise.reject(e)),
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(30);
    expect(await balanceOf(h.db, account)).toBe(0n);
    expect(await checkLedger(h.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});

describe("the members' running totals", () => {
  /** What the members' balances of a code add up to, every account read. */
  const fullSum = async (code: string) =>
    BigInt(
      defined(
        rowsOf<{ total: string }>(
          await h.db.execute(sql`select coalesce(sum(balance), 0)::text as total from ledger_accounts
            where user_id is not null and code = ${code} and asset = 'USDT'`),
        )[0],
      ).total,
    );

  it('move with every posting, single or batched, and folds racing them change no total', async () => {
    const [a, b, c] = members.map((m) => acct(m, ACCOUNTS.launchpadLocked));
    const source = acct(null, ACCOUNTS.rewardsPaid);
    // Concurrent postings (credits, member-to-member moves, refused debits) with folds in between.
    const work = Array.from({ length: 40 }, (_, i) => {
      if (i % 10 === 9) return foldMemberTotals(h.db).then(() => 'fold');
      const to = defined([a, b, c][i % 3]);
      const from = defined([a, b, c][(i + 1) % 3]);
      return h.db
        .transaction(async (tx) => {
          if (i % 4 === 0) return transfer(tx, batchItem(source, to, BigInt(i + 1), key()));
          return transferBatch(tx, [
            batchItem(source, to, 5n, key()),
            batchItem(to, from, 2n, key()),
            // Sometimes more than the member holds: the whole transaction is refused, nothing moves.
            ...(i % 7 === 0 ? [batchItem(from, source, 1_000_000n, key())] : []),
          ]);
        })
        .then(
          () => 'ok',
          (e) => (e instanceof LedgerError ? 'refused' : Promise.reject(e)),
        );
    });
    const results = await Promise.all(work);
    expect(results).toContain('refused');
    const running = await memberTotalsOf(h.db, [ACCOUNTS.launchpadLocked]);
    expect(running.get(`${ACCOUNTS.launchpadLocked}|USDT`)).toBe(await fullSum(ACCOUNTS.launchpadLocked));
    expect(await checkMemberTotals(h.db)).toEqual([]);
    // Folded whole, the same totals with no moves left.
    await foldMemberTotals(h.db);
    expect(await memberTotalsOf(h.db, [ACCOUNTS.launchpadLocked])).toEqual(running);
    expect(rowsOf(await h.db.execute(sql`select 1 from ledger_member_total_moves`))).toHaveLength(0);
    // A replayed key posts nothing, and moves nothing.
    const replay = batchItem(source, a as AccountRef, 9n, key());
    await h.db.transaction((tx) => transfer(tx, replay));
    await h.db.transaction((tx) => transfer(tx, replay));
    expect(
      (await memberTotalsOf(h.db, [ACCOUNTS.launchpadLocked])).get(`${ACCOUNTS.launchpadLocked}|USDT`),
    ).toBe(defined(running.get(`${ACCOUNTS.launchpadLocked}|USDT`)) + 9n);
  });

  it('are checked against the full sum, and rebuilt from it after a write around the ledger', async () => {
    const m = defined(members[2]);
    await post(acct(null, ACCOUNTS.rewardsPaid), acct(m, ACCOUNTS.fundSubscribing), 70n, 'seed', 's');
    expect(await checkMemberTotals(h.db)).toEqual([]);
    // A bulk seed writing a balance directly (as the benchmarks' seeds do) is what the check is for.
    await h.db.execute(sql`update ledger_accounts set balance = balance + 5
      where user_id = ${m.toString()}::bigint and code = ${ACCOUNTS.fundSubscribing}`);
    const full = await fullSum(ACCOUNTS.fundSubscribing);
    expect(await checkMemberTotals(h.db)).toEqual([
      { code: ACCOUNTS.fundSubscribing, asset: 'USDT', running: full - 5n, full },
    ]);
    await rebuildMemberTotals(h.db);
    expect(await checkMemberTotals(h.db)).toEqual([]);
    expect(
      (await memberTotalsOf(h.db, [ACCOUNTS.fundSubscribing])).get(`${ACCOUNTS.fundSubscribing}|USDT`),
    ).toBe(full);
    // The balance written around the journal: put back, and the totals with it, so the other checks stay clean.
    await h.db.execute(sql`update ledger_accounts set balance = balance - 5
      where user_id = ${m.toString()}::bigint and code = ${ACCOUNTS.fundSubscribing}`);
    await rebuildMemberTotals(h.db);
  });
});
