import { rowsOf } from '@agc/db';
import { createTestDb } from '@agc/db/testing';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costShare, feeOf, unitsFor, unitsValue } from '../math.ts';
import { lockEndOf } from './pricing.ts';
import { fundSql } from './repository.ts';

let db: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

const big = (max: bigint) => fc.bigInt({ min: 0n, max });

describe('the SQL of pricing at a NAV', () => {
  it('computes exactly what math.ts computes (fees up, units and values down, cost shares up)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            amount: big(10n ** 15n),
            ppm: fc.integer({ min: 0, max: 999_999 }),
            nav: fc.bigInt({ min: 1n, max: 10n ** 12n }),
            units: big(10n ** 15n),
            cost: big(10n ** 15n),
            held: big(10n ** 15n),
          }),
          { minLength: 1, maxLength: 50 },
        ),
        async (cases) => {
          const col = (f: (c: (typeof cases)[number]) => bigint | number) =>
            sql.param(cases.map((c) => f(c).toString()));
          const rows = rowsOf<{ fee: string; units: string; value: string; share: string }>(
            await db.db.execute(sql`
              select (${fundSql.feeOf(sql`a`, sql`p`)})::text as fee, (${fundSql.unitsFor(sql`a`, sql`n`)})::text as units,
                (${fundSql.unitsValue(sql`u`, sql`n`)})::text as value,
                (${fundSql.costShare(sql`c`, sql`u`, sql`h`)})::text as share
              from unnest(${col((c) => c.amount)}::numeric[], ${col((c) => c.ppm)}::numeric[],
                ${col((c) => c.nav)}::numeric[], ${col((c) => c.units)}::numeric[], ${col((c) => c.cost)}::numeric[],
                ${col((c) => c.held)}::numeric[]) with ordinality as k(a, p, n, u, c, h, i)
              order by i`),
          );
          expect(rows).toEqual(
            cases.map((c) => ({
              fee: feeOf(c.amount, c.ppm).toString(),
              units: unitsFor(c.amount, c.nav).toString(),
              value: unitsValue(c.units, c.nav).toString(),
              share: costShare(c.cost, c.units, c.held).toString(),
            })),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('ends a lock at 00:00 UTC of the NAV day plus the lock period', () => {
    expect(lockEndOf('2026-02-25', 7).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(lockEndOf('2026-12-31', 0).toISOString()).toBe('2026-12-31T00:00:00.000Z');
  });
});
