import { type DbOrTx, schema } from '@agc/db';
import { and, asc, desc, eq, gt, gte } from 'drizzle-orm';

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
