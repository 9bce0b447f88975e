import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm';

const { priceObservations } = schema;

export type ObservationRow = typeof priceObservations.$inferSelect;
export type NewObservation = typeof priceObservations.$inferInsert;

export async function insertObservation(db: DbOrTx, values: NewObservation): Promise<ObservationRow> {
  const [row] = await db.insert(priceObservations).values(values).returning();
  if (!row) throw new Error('price_observations: insert returned nothing');
  return row;
}

/** The newest reading of a source (any process's), accepted or not. */
export async function newestObservation(db: DbOrTx, source: string): Promise<ObservationRow | undefined> {
  const [row] = await db
    .select()
    .from(priceObservations)
    .where(eq(priceObservations.source, source))
    .orderBy(desc(priceObservations.observedAt), desc(priceObservations.id))
    .limit(1);
  return row;
}

/** The newest AGC price the guards accepted since `since`: the reference a new reading's move is measured from. */
export async function lastAcceptedSince(
  db: DbOrTx,
  source: string,
  since: Date,
): Promise<{ price: bigint; at: Date } | undefined> {
  const [row] = await db
    .select({ price: priceObservations.usdtPerAgc, at: priceObservations.observedAt })
    .from(priceObservations)
    .where(
      and(
        eq(priceObservations.source, source),
        eq(priceObservations.agcAccepted, true),
        gt(priceObservations.observedAt, since),
      ),
    )
    .orderBy(desc(priceObservations.observedAt), desc(priceObservations.id))
    .limit(1);
  return row;
}

/** Every reading of a source since `since`, oldest first (the chart thins them). */
export async function observationsSince(
  db: DbOrTx,
  source: string,
  since: Date,
): Promise<Pick<ObservationRow, 'observedAt' | 'usdtPerAgc' | 'spotUsdtPerAgc' | 'agcAccepted' | 'block'>[]> {
  return db
    .select({
      observedAt: priceObservations.observedAt,
      usdtPerAgc: priceObservations.usdtPerAgc,
      spotUsdtPerAgc: priceObservations.spotUsdtPerAgc,
      agcAccepted: priceObservations.agcAccepted,
      block: priceObservations.block,
    })
    .from(priceObservations)
    .where(and(eq(priceObservations.source, source), gte(priceObservations.observedAt, since)))
    .orderBy(asc(priceObservations.observedAt), asc(priceObservations.id));
}

/**
 * The AGC price the guards last accepted at or before each instant (USDT minor units per AGC), in the order given;
 * null where the source had none yet (a member's assets history values each day at its own price).
 */
export async function acceptedAgcPricesAt(
  db: DbOrTx,
  source: string,
  instants: readonly Date[],
): Promise<Array<bigint | null>> {
  if (instants.length === 0) return [];
  const rows = rowsOf<{ i: number; price: string | null }>(
    await db.execute(sql`
      select t.i, p.usdt_per_agc::text as price
      from unnest(${sql.param(instants.map((d) => d.toISOString()))}::timestamptz[]) with ordinality as t(at, i)
      left join lateral (
        select usdt_per_agc from price_observations
        where source = ${source} and agc_accepted and observed_at <= t.at
        order by observed_at desc, id desc limit 1
      ) p on true
      order by t.i`),
  );
  return rows.map((r) => (r.price === null ? null : BigInt(r.price)));
}

/** Every source with readings (a walk of the (source, observed_at) index: one probe per source, not a scan). */
export async function observationSources(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ source: string }>(
    await db.execute(sql`
      with recursive s(source) as (
        select min(source) from price_observations
        union all
        select (select min(source) from price_observations where source > s.source) from s where s.source is not null
      )
      select source from s where source is not null`),
  );
  return rows.map((r) => r.source);
}

/**
 * Deletes at most `limit` of a source's readings observed before `before`, oldest first, but never the newest
 * accepted one before it: the AGC price of every instant from it to the next accepted reading (a member's assets
 * history values a day at the price accepted at or before it). The number deleted; retention loops until it is
 * under `limit`.
 */
export async function deleteObservationsBefore(
  db: DbOrTx,
  source: string,
  before: Date,
  limit: number,
): Promise<number> {
  const at = before.toISOString();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      delete from price_observations where id in (
        select id from price_observations
        where source = ${source} and observed_at < ${at}::timestamptz
          and id <> coalesce((
            select id from price_observations
            where source = ${source} and agc_accepted and observed_at < ${at}::timestamptz
            order by observed_at desc, id desc limit 1), 0)
        order by observed_at limit ${limit})
      returning id`),
  );
  return rows.length;
}
