import { type DbOrTx, schema } from '@agc/db';
import { formatAmount, type Product, USDT_DECIMALS } from '@agc/shared';
import { asc, eq } from 'drizzle-orm';

const { products } = schema;

export type ProductRow = typeof products.$inferSelect;

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.imageUrl,
    price_usdt: formatAmount(row.priceUsdt, USDT_DECIMALS),
    status: row.status,
  };
}

/** Products on sale, in shop order. */
export async function listProducts(db: DbOrTx): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.status, 'on'))
    .orderBy(asc(products.sort), asc(products.id));
  return rows.map(toProduct);
}

export async function findProduct(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** The demo catalogue (development seed and tests). Prices in USDT minor units. */
export const DEMO_PRODUCTS: Array<Pick<ProductRow, 'name' | 'description' | 'priceUsdt' | 'sort'>> = [
  { name: 'Starter', description: 'Entry hash power package', priceUsdt: 100_000_000n, sort: 1 },
  { name: 'Builder', description: 'Hash power for a growing team', priceUsdt: 1_000_000_000n, sort: 2 },
  { name: 'Pro', description: 'Professional hash power package', priceUsdt: 5_000_000_000n, sort: 3 },
  { name: 'Premier', description: 'The largest hash power package', priceUsdt: 10_000_000_000n, sort: 4 },
];

export async function seedProducts(db: DbOrTx): Promise<void> {
  const [any] = await db.select({ id: products.id }).from(products).limit(1);
  if (any) return;
  await db.insert(products).values(DEMO_PRODUCTS);
}
