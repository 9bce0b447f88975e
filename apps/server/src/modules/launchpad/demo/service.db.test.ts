import { createTestDb } from '@agc/db/testing';
import { LOCALES } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRounds } from '../rounds/repository.ts';
import { roundState } from '../rounds/service.ts';
import { seedLaunchpadRound } from './service.ts';

let db: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

describe('demo launchpad round', () => {
  it('seeds "AGC Venture Round 1" once, open now, in the 12 languages', async () => {
    const now = new Date('2026-03-15T09:30:00Z');
    expect(await seedLaunchpadRound(db.db, now)).toHaveLength(1);
    expect(await seedLaunchpadRound(db.db, now)).toHaveLength(0);
    const rounds = await listRounds(db.db);
    expect(rounds).toHaveLength(1);
    const r = defined(rounds[0]);
    expect(r).toMatchObject({
      name: 'AGC Venture Round 1',
      copies: 200,
      sold: 0,
      priceUsdt: 100_000_000n,
      agcPerCopy: 400n * 10n ** 18n,
      perMemberLimit: 5,
      cliffDays: 30,
      linearDays: 180,
      status: 'open',
    });
    expect(r.startsAt.toISOString()).toBe('2026-03-14T09:30:00.000Z');
    expect(r.endsAt.toISOString()).toBe('2026-04-14T09:30:00.000Z');
    expect(roundState(r, now)).toBe('Open');
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      expect(r.translations[locale]?.name, locale).toBeTruthy();
      expect(r.translations[locale]?.name, locale).not.toBe(r.name);
      expect(r.translations[locale]?.description, locale).toBeTruthy();
    }
  });
});
