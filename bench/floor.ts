// Floors: the least work this hardware must do for the same result as a measured run, measured in the same run, and
// the line that prints a figure beside its floor with the ratio and whether the target is met.
import { type DbOrTx, rowsOf } from '@agc/db';
import { sql } from 'drizzle-orm';

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * `  <label>: <figure> against its floor <floor>: <ratio>× (target ≤ <max>×: met / NOT met)`. `higherIsBetter` for
 * rates (req/s, events/s): the ratio is then figure / floor and the target a minimum.
 */
export function floorLine(
  label: string,
  figure: number,
  floor: number,
  target: number,
  opts: { unit?: 'ms' | 's' | 'rate'; higherIsBetter?: boolean; floorName?: string } = {},
): string {
  const ratio = figure / floor;
  const met = opts.higherIsBetter ? ratio >= target : ratio <= target;
  const show = (v: number) =>
    opts.unit === 'rate' ? `${v.toFixed(0)}/s` : opts.unit === 'ms' ? `${v.toFixed(0)} ms` : secs(v);
  return `  ${label}: ${show(figure)}, floor (${opts.floorName ?? 'the least work for the same result'}) ${show(floor)}: ${ratio.toFixed(2)}× (target ${opts.higherIsBetter ? '≥' : '≤'} ${target}×: ${met ? 'met' : 'NOT met'})`;
}

/** Runs `work` in a transaction that is rolled back afterwards, and returns how long `work` took. */
export async function timedRolledBack(db: DbOrTx, work: (tx: DbOrTx) => Promise<void>): Promise<number> {
  const rolledBack = new Error('floor rolled back');
  let ms = 0;
  await db
    .transaction(async (tx) => {
      const t0 = performance.now();
      await work(tx);
      ms = performance.now() - t0;
      throw rolledBack;
    })
    .catch((e: unknown) => {
      if (e !== rolledBack) throw e;
    });
  return ms;
}

/**
 * The writes of a run, replayed set-based into copies of its tables: the floor of a run that computes rows in the
 * process and writes them. A copy has the table's columns, defaults, checks, indexes and storage options (fillfactor),
 * not its foreign keys.
 *
 * - `inserted`: tables the run only inserts into. The copy starts empty; the floor inserts the rows `rows` selects
 *   (an SQL condition on the table: the run's rows).
 * - `upserted`: tables whose rows the run updates or creates. The copy starts as the table was before the run
 *   (`prepare`, not timed); the floor writes every row `rows` selects after the run into it, by `key` (an update of
 *   a row that was there, an insert of a new one), every column as the run left it.
 *
 * The floor reads the run's rows from the real tables once (an index or sequential scan of rows in the cache): a
 * small cost the real run does not pay, so the floor is if anything above the least.
 */
export interface Replay {
  inserted: Array<{ table: string; rows: string }>;
  upserted: Array<{ table: string; key: string; rows: string; scope?: string }>;
}

const copyOf = (table: string) => `floor_${table}`;

async function columnsOf(db: DbOrTx, table: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(sql`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`),
  ).map((r) => r.name);
}

async function createCopy(db: DbOrTx, table: string): Promise<void> {
  const [rel] = rowsOf<{ options: string[] | null }>(
    await db.execute(sql`select reloptions as options from pg_class
      where oid = ${table}::regclass`),
  );
  const options = rel?.options?.length ? ` with (${rel.options.join(', ')})` : '';
  await db.execute(sql.raw(`drop table if exists ${copyOf(table)}`));
  await db.execute(sql.raw(`create table ${copyOf(table)} (like ${table} including all)${options}`));
}

/** Before the run (not timed): the copies, the upserted tables' as they are now. */
export async function prepareReplay(db: DbOrTx, replay: Replay): Promise<void> {
  for (const { table } of replay.inserted) await createCopy(db, table);
  for (const { table, scope } of replay.upserted) {
    await createCopy(db, table);
    await db.execute(
      sql.raw(`insert into ${copyOf(table)} select * from ${table}${scope ? ` where ${scope}` : ''}`),
    );
    await db.execute(sql.raw(`vacuum analyze ${copyOf(table)}`));
  }
}

/** After the run: the replay's time (one transaction, committed into the copies), then the copies dropped. */
export async function timeReplay(db: DbOrTx, replay: Replay): Promise<number> {
  const statements: string[] = [];
  for (const { table, rows } of replay.inserted)
    statements.push(`insert into ${copyOf(table)} select * from ${table} where ${rows}`);
  for (const { table, key, rows } of replay.upserted) {
    const set = (await columnsOf(db, table))
      .filter((c) => c !== key)
      .map((c) => `"${c}" = excluded."${c}"`)
      .join(', ');
    statements.push(
      `insert into ${copyOf(table)} select * from ${table} where ${rows} on conflict (${key}) do update set ${set}`,
    );
  }
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    for (const s of statements) await tx.execute(sql.raw(s));
  });
  const ms = performance.now() - t0;
  for (const table of [...replay.inserted, ...replay.upserted].map((t) => t.table))
    await db.execute(sql.raw(`drop table if exists ${copyOf(table)}`));
  return ms;
}

/** Where the journal and the accounts stand before a run: its journal lines and new accounts come after these ids. */
export interface LedgerMarks {
  transfers: string;
  accounts: string;
}

export async function ledgerMarks(db: DbOrTx): Promise<LedgerMarks> {
  const [mark] = rowsOf<LedgerMarks>(
    await db.execute(sql`select (select coalesce(max(id), 0) from ledger_transfers)::text as transfers,
      (select coalesce(max(id), 0) from ledger_accounts)::text as accounts`),
  );
  if (!mark) throw new Error('no ledger marks');
  return mark;
}

/** A run's ledger writes: its journal lines, and the accounts it created or whose balance it moved. */
export function ledgerReplay(m: LedgerMarks): Replay {
  const moved = `select debit_account_id from ledger_transfers where id > ${m.transfers}
    union select credit_account_id from ledger_transfers where id > ${m.transfers}`;
  return {
    inserted: [{ table: 'ledger_transfers', rows: `id > ${m.transfers}` }],
    upserted: [{ table: 'ledger_accounts', key: 'id', rows: `id > ${m.accounts} or id in (${moved})` }],
  };
}
