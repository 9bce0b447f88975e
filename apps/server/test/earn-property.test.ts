/**
 * Property test of simple-earn interest: a year of random transfers in and out (some above what is available or
 * held: refused, nothing changed) by a few members, days passing with the interest job sometimes not running for
 * days (then catching up in order), through the module's own services, against a small model written from the
 * rules (docs/decisions/0101-earn-interest.md): a day earns on the lower of its opening and closing holding,
 * rounded down per member and day. Every member's interest rows, balance and total equal the model's; a member who
 * only holds never earns more than the APY in a year; both ledger checks stay clean.
 */
import { rowsOf } from '@agc/db';
import { formatAmount, USDT_DECIMALS } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { AppError } from '@server/lib/errors.ts';
import { dailyRateE18, dayBase, dayInterest } from '@server/modules/earn/math.ts';
import { transferIn, transferOut } from '@server/modules/earn/service.ts';
import { ACCOUNTS, balanceOf } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { dayKey } from '@server/modules/rules/index.ts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arriveDueOuts,
  earnMember,
  expectClean,
  settleDueEarnDays,
  startEarnServer,
  USDT,
} from './earn-support.ts';
import type { TestServer } from './helpers.ts';

const DAY_MS = 86_400_000;
const MEMBERS = 3;
let s: TestServer;
let root: Member;
const seen = { in: 0, out: 0, refused: 0, lagDays: 0, interestRows: 0 };

beforeAll(async () => {
  ({ s, root } = await startEarnServer());
});
afterAll(async () => {
  console.log('earn property: exercised', seen);
  await s?.close();
});

const op = fc.record({
  who: fc.integer({ min: 0, max: MEMBERS - 1 }),
  kind: fc.constantFrom<'in' | 'out'>('in', 'out'),
  // Up to 300 USDT with 6 decimals; some above what is available or held.
  amount: fc.bigInt({ min: 1n, max: 300n * USDT }),
});
const day = fc.record({
  ops: fc.array(op, { maxLength: 3 }),
  settle: fc.double({ min: 0, max: 1, noNaN: true }),
});

interface MMember {
  available: bigint;
  /** Held now: what a transfer out may take (interest of settled days included). */
  balance: bigint;
  settled: bigint;
  total: bigint;
  /** Net movement per unsettled day. */
  net: Map<string, bigint>;
  interest: Map<string, bigint>;
}

describe('simple-earn interest against a model', () => {
  it('a year of random transfers pays exactly the model’s interest, never more than the APY', async () => {
    const rate = dailyRateE18(s.ctx.config.earn.apyPpm);
    await fc.assert(
      fc.asyncProperty(fc.array(day, { minLength: 365, maxLength: 365 }), async (year) => {
        // A fresh set of members each run (the clock and the settled days go on): member 0 only holds.
        const start = 1_000n * USDT;
        const ms = await Promise.all(Array.from({ length: MEMBERS + 1 }, () => earnMember(s, root, start)));
        const model: MMember[] = ms.map(() => ({
          available: start,
          balance: 0n,
          settled: 0n,
          total: 0n,
          net: new Map(),
          interest: new Map(),
        }));
        let unsettled: string[] = [];
        const holder = defined(ms[MEMBERS]);
        await transferIn(s.ctx, holder.m.id, '1000');
        const hm = defined(model[MEMBERS]);
        hm.available -= start;
        hm.balance += start;
        hm.net.set(dayKey(s.ctx.now()), start);
        unsettled.push(dayKey(s.ctx.now()));
        const settleModel = (upTo: string) => {
          for (const d of unsettled.filter((x) => x <= upTo))
            for (const mm of model) {
              const opening = mm.settled;
              const closing = opening + (mm.net.get(d) ?? 0n);
              const i = dayInterest(dayBase(opening, closing), rate);
              mm.settled = closing + i;
              mm.balance += i;
              mm.total += i;
              if (i > 0n) mm.interest.set(d, i);
              mm.net.delete(d);
            }
          unsettled = unsettled.filter((x) => x > upTo);
        };
        for (const plan of year) {
          const today = dayKey(s.ctx.now());
          if (!unsettled.includes(today)) unsettled.push(today);
          for (const o of plan.ops) {
            const mm = defined(model[o.who]);
            const id = defined(ms[o.who]).m.id;
            const amount = o.amount;
            const text = formatAmount(amount, USDT_DECIMALS);
            const refuse = o.kind === 'in' ? amount > mm.available : amount > mm.balance;
            try {
              await (o.kind === 'in' ? transferIn : transferOut)(s.ctx, id, text);
              expect(refuse).toBe(false);
            } catch (e) {
              expect(e).toBeInstanceOf(AppError);
              expect((e as AppError).key).toBe(
                o.kind === 'in' ? 'earn.insufficient_available' : 'earn.amount_max',
              );
              expect(refuse).toBe(true);
              seen.refused += 1;
              continue;
            }
            seen[o.kind] += 1;
            const signed = o.kind === 'in' ? amount : -amount;
            if (o.kind === 'in') mm.available -= amount;
            mm.balance += signed;
            mm.net.set(today, (mm.net.get(today) ?? 0n) + signed);
          }
          s.advance(DAY_MS);
          // Outs that arrived (5 minutes or 3 days) come back to available: the model's available follows.
          await arriveDueOuts(s.ctx);
          // Most days the job runs; sometimes it is down for a while and catches up later, in order.
          if (plan.settle < 0.8) {
            await settleDueEarnDays(s.ctx);
            settleModel(today);
          } else seen.lagDays += 1;
          // What arrived is available again (outs are never refused for lack of available, only ins).
          for (let i = 0; i < ms.length; i++) {
            defined(model[i]).available = await balanceOf(s.ctx.db, {
              userId: defined(ms[i]).m.id,
              code: ACCOUNTS.available,
              asset: 'USDT',
            });
          }
        }
        await settleDueEarnDays(s.ctx);
        settleModel(dayKey(new Date(s.ctx.now().getTime() - DAY_MS)));
        for (let i = 0; i < ms.length; i++) {
          const mm = defined(model[i]);
          const rows = rowsOf<{ day: string; amount: string }>(
            await s.ctx.db.execute(sql`select day::text as day, amount::text as amount from earn_interest
              where user_id = ${defined(ms[i]).m.id.toString()}::bigint order by day`),
          );
          expect(new Map(rows.map((r) => [r.day, BigInt(r.amount)]))).toEqual(mm.interest);
          seen.interestRows += rows.length;
          const [acc] = rowsOf<{ balance: string; total: string; settled: string }>(
            await s.ctx.db.execute(sql`select balance::text as balance, total_interest::text as total,
              settled_balance::text as settled from earn_accounts where user_id = ${defined(ms[i]).m.id.toString()}::bigint`),
          );
          expect([BigInt(acc?.balance ?? '0'), BigInt(acc?.total ?? '0')]).toEqual([mm.balance, mm.total]);
        }
        // The holder: a year (and a day) of holding 1,000 USDT never pays more than 18 % of it.
        expect(hm.total).toBeGreaterThan(0n);
        expect(hm.total).toBeLessThanOrEqual((start * s.ctx.config.earn.apyPpm) / 1_000_000n);
        await expectClean(s);
      }),
      { numRuns: Number(process.env.EARN_PROPERTY_RUNS ?? 2), endOnFailure: true },
    );
    expect(seen.in).toBeGreaterThan(0);
    expect(seen.out).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.lagDays).toBeGreaterThan(0);
  }, 600_000);
});
