import { type DbOrTx, schema } from '@agc/db';
import { asc, eq, inArray } from 'drizzle-orm';

const { fundProducts } = schema;

export type FundProductRow = typeof fundProducts.$inferSelect;

/** One fund product by id (on or off), or null. */
export async function findFundProduct(db: DbOrTx, id: number): Promise<FundProductRow | null> {
  const [row] = await db.select().from(fundProducts).where(eq(fundProducts.id, id));
  return row ?? null;
}

/** Fund products by id (on or off), by id. */
export async function fundProductsById(db: DbOrTx, ids: number[]): Promise<Map<number, FundProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(fundProducts)
    .where(inArray(fundProducts.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Fund products in display order; only those on sale unless `all`. */
export async function listFundProducts(db: DbOrTx, { all = false } = {}): Promise<FundProductRow[]> {
  return db
    .select()
    .from(fundProducts)
    .where(all ? undefined : eq(fundProducts.status, 'on'))
    .orderBy(asc(fundProducts.sort), asc(fundProducts.id));
}
