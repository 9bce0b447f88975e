import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, rowsOf } from './client.ts';
import { legs, users } from './schema.ts';
import { createTestDb } from './testing.ts';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h.close();
});

describe('schema constraints', () => {
  it('allows exactly one root and keeps addresses lower-case', async () => {
    const [leg] = await h.db.insert(legs).values({}).returning();
    const base = { leftLegId: defined(leg).id, rightLegId: defined(leg).id };
    await h.db.insert(users).values({ ...base, address: '0xaa', inviteCode: 'AAAAAAAA' });
    await expect(
      h.db.insert(users).values({ ...base, address: '0xbb', inviteCode: 'BBBBBBBB' }),
    ).rejects.toThrow();
    await expect(
      h.db.insert(users).values({
        ...base,
        address: '0xAB',
        inviteCode: 'CCCCCCCC',
        inviterId: 1n,
        parentId: 1n,
        side: 'left',
      }),
    ).rejects.toThrow();
    const count = await h.db.select({ n: sql<string>`count(*)::text` }).from(users);
    expect(count[0]?.n).toBe('1');
  });

  it('refuses two members in one slot', async () => {
    const [leg] = await h.db.insert(legs).values({}).returning();
    const base = {
      leftLegId: defined(leg).id,
      rightLegId: defined(leg).id,
      inviterId: 1n,
      parentId: 1n,
      side: 'left' as const,
    };
    await h.db.insert(users).values({ ...base, address: '0xc1', inviteCode: 'DDDDDDDD' });
    await expect(
      h.db.insert(users).values({ ...base, address: '0xc2', inviteCode: 'EEEEEEEE' }),
    ).rejects.toThrow();
  });
});

describe('copyIn (COPY … FROM STDIN in a transaction)', () => {
  const rows = async function* () {
    yield 'copy-a\t1\n';
    yield 'copy-b\t\\N\n';
  };
  const copied = () =>
    h.db.execute(sql`select name, value from copy_probe order by name`).then((r) => rowsOf(r));

  it('writes the rows on PostgreSQL, and rolls back with the transaction; says no on PGlite and writes nothing', async () => {
    await h.db.execute(sql`create table if not exists copy_probe (name text primary key, value int)`);
    const { copyIn } = await import('./client.ts');
    const postgres = h.kind === 'postgres';
    const rolledBack = new Error('rolled back');
    await h.db
      .transaction(async (tx) => {
        expect(await copyIn(tx, 'copy copy_probe (name, value) from stdin', rows())).toBe(postgres);
        throw rolledBack;
      })
      .catch((e: unknown) => {
        if (e !== rolledBack) throw e;
      });
    expect(await copied()).toEqual([]);
    await h.db.transaction(async (tx) => {
      expect(await copyIn(tx, 'copy copy_probe (name, value) from stdin', rows())).toBe(postgres);
    });
    expect(await copied()).toEqual(
      postgres
        ? [
            { name: 'copy-a', value: 1 },
            { name: 'copy-b', value: null },
          ]
        : [],
    );
    // Outside a transaction (the pool, or PGlite's handle): no COPY.
    expect(await copyIn(h.db, 'copy copy_probe (name, value) from stdin', rows())).toBe(false);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a failing source fails the COPY with its error; nothing is written and the connection serves the next statement',
    async () => {
      await h.db.execute(sql`create table if not exists copy_probe_fail (name text primary key)`);
      const { copyIn } = await import('./client.ts');
      const broken = new Error('source broke');
      const failing = async function* () {
        yield 'copy-x\n';
        throw broken;
      };
      await expect(
        h.db.transaction(async (tx) => {
          await copyIn(tx, 'copy copy_probe_fail (name) from stdin', failing());
        }),
      ).rejects.toBe(broken);
      const after = await h.db.transaction(async (tx) =>
        rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from copy_probe_fail`)),
      );
      expect(after).toEqual([{ n: 0 }]);
    },
  );
});

describe.skipIf(!process.env.DATABASE_URL)('migrations of processes starting together (PostgreSQL)', () => {
  it('four processes migrating one empty database at once: one migrates, the others wait, all succeed', async () => {
    const { default: pg } = await import('pg');
    const { migrate, openDb } = await import('./client.ts');
    const { withDatabase } = await import('./testing.ts');
    const url = defined(process.env.DATABASE_URL);
    const name = `agc_mig_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    try {
      const handles = await Promise.all(
        Array.from({ length: 4 }, () =>
          openDb({ kind: 'postgres', url: withDatabase(url, name), poolSize: 2 }),
        ),
      );
      try {
        await Promise.all(handles.map((h) => migrate(h)));
        const applied = await defined(handles[0]).db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        const journal = (await import('../migrations/meta/_journal.json', { with: { type: 'json' } }))
          .default;
        expect(defined((applied as unknown as { rows: Array<{ n: number }> }).rows[0]).n).toBe(
          journal.entries.length,
        );
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
