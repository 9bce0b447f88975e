import { rowsOf } from '@agc/db';
import { createTestDb } from '@agc/db/testing';
import { LOCALES } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFundProducts } from '../products/repository.ts';
import { DEMO_NAV_DAYS, demoNavWalk, seedFundProducts } from './service.ts';

let db: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

describe('demo funds', () => {
  it('seeds three funds of different risk levels once, each with a NAV history ending yesterday', async () => {
    const now = new Date('2026-03-15T09:30:00Z');
    expect(await seedFundProducts(db.db, now)).toBe(3);
    expect(await seedFundProducts(db.db, now)).toBe(0);
    const products = await listFundProducts(db.db);
    expect(products.map((p) => p.risk)).toEqual(['Low', 'Medium', 'High']);
    expect(products.map((p) => p.lockDays)).toEqual([7, 30, 90]);
    expect(products.some((p) => p.distributionPpm === 0)).toBe(true);
    for (const p of products) {
      expect(p.minimumUsdt).toBe(100_000_000n);
      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        expect(p.translations[locale]?.name, `${p.name} ${locale}`).toBeTruthy();
        expect(p.translations[locale]?.description, `${p.name} ${locale}`).toBeTruthy();
      }
    }
    const navs = rowsOf<{ product_id: number; n: number; first: string; last: string; min: string }>(
      await db.db.execute(sql`select product_id, count(*)::int as n, min(day)::text as first, max(day)::text as last,
        min(nav_e8)::text as min from fund_navs where status = 'Published' and entered_by is null
        group by product_id order by product_id`),
    );
    expect(navs).toHaveLength(3);
    for (const n of navs) {
      expect(Number(n.n)).toBe(DEMO_NAV_DAYS);
      expect(n.first).toBe('2025-12-15');
      expect(n.last).toBe('2026-03-14');
      expect(BigInt(n.min)).toBeGreaterThan(0n);
    }
  });

  it('walks deterministically, each daily step well inside the second-admin limit', () => {
    const walk = demoNavWalk(3, 365, 400n, 12_000n);
    expect(demoNavWalk(3, 365, 400n, 12_000n)).toEqual(walk);
    expect(walk[0]).toBe(100_000_000n);
    for (let i = 1; i < walk.length; i++) {
      const step = Number(defined(walk[i]) - defined(walk[i - 1])) / Number(defined(walk[i - 1]));
      expect(Math.abs(step)).toBeLessThan(0.02);
    }
  });
});
