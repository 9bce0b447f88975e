import { type DbOrTx, schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
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

/** What the admins set on a product. */
export type FundProductInput = Omit<typeof fundProducts.$inferInsert, 'id' | 'createdAt'>;

export async function insertFundProduct(db: DbOrTx, input: FundProductInput): Promise<FundProductRow> {
  const [row] = await db.insert(fundProducts).values(input).returning();
  return defined(row);
}

/** Locks a product's row (NAV actions and edits of one product go one at a time); null when unknown. */
export async function lockFundProduct(db: DbOrTx, id: number): Promise<FundProductRow | null> {
  const [row] = await db.select().from(fundProducts).where(eq(fundProducts.id, id)).for('update');
  return row ?? null;
}

export async function updateFundProduct(
  db: DbOrTx,
  id: number,
  input: FundProductInput,
): Promise<FundProductRow> {
  const [row] = await db.update(fundProducts).set(input).where(eq(fundProducts.id, id)).returning();
  return defined(row);
}

/** Inserts the products when the table is empty (demo seed); returns the new rows, or [] when any existed. */
export async function insertFundProductsIfNone(
  db: DbOrTx,
  list: FundProductInput[],
): Promise<FundProductRow[]> {
  const [any] = await db.select({ id: fundProducts.id }).from(fundProducts).limit(1);
  if (any || list.length === 0) return [];
  return db.insert(fundProducts).values(list).returning();
}
