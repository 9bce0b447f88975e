import { type DbOrTx, schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { pageRows } from '@server/lib/paging.ts';
import { and, count, desc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';

const { exchangeQuotes } = schema;

export type QuoteRow = typeof exchangeQuotes.$inferSelect;
export type NewQuote = typeof exchangeQuotes.$inferInsert;

export async function insertQuote(db: DbOrTx, values: NewQuote): Promise<QuoteRow> {
  const [row] = await db.insert(exchangeQuotes).values(values).returning();
  return defined(row);
}

/** A member's quote (another member's reads as none). */
export async function findQuote(db: DbOrTx, id: bigint, userId: bigint): Promise<QuoteRow | undefined> {
  const [row] = await db
    .select()
    .from(exchangeQuotes)
    .where(and(eq(exchangeQuotes.id, id), eq(exchangeQuotes.userId, userId)));
  return row;
}

/**
 * Marks the member's quote Accepted if it is Open and not expired at `now` (the server clock), in one statement:
 * of many accepts at once exactly one gets the row; the others wait on its lock and then see it Accepted.
 */
export async function acceptOpenQuote(
  tx: DbOrTx,
  id: bigint,
  userId: bigint,
  now: Date,
): Promise<QuoteRow | undefined> {
  const [row] = await tx
    .update(exchangeQuotes)
    .set({ status: 'Accepted', acceptedAt: now })
    .where(
      and(
        eq(exchangeQuotes.id, id),
        eq(exchangeQuotes.userId, userId),
        eq(exchangeQuotes.status, 'Open'),
        gt(exchangeQuotes.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * The member's exchanges (accepted quotes), newest first, each with its number among the member's own (1 for the
 * first accepted, by acceptance time then id: the window is computed before the page is cut), and how many there are.
 */
export async function acceptedPage(
  db: DbOrTx,
  q: { userId: bigint; page: number; size: number },
): Promise<{ list: { row: QuoteRow; number: number }[]; total: number }> {
  const where = and(eq(exchangeQuotes.userId, q.userId), eq(exchangeQuotes.status, 'Accepted'));
  const number =
    sql<number>`row_number() over (order by ${exchangeQuotes.acceptedAt}, ${exchangeQuotes.id})`.mapWith(
      Number,
    );
  return pageRows(
    q,
    db
      .select({ row: exchangeQuotes, number })
      .from(exchangeQuotes)
      .where(where)
      .orderBy(desc(exchangeQuotes.acceptedAt), desc(exchangeQuotes.id)),
    db.select({ n: count() }).from(exchangeQuotes).where(where),
  );
}

/** An accepted quote's number among the member's exchanges (as `acceptedPage` numbers it); null for any other. */
export async function exchangeNumber(db: DbOrTx, row: QuoteRow): Promise<number | null> {
  const acceptedAt = row.acceptedAt;
  if (row.status !== 'Accepted' || !acceptedAt) return null;
  const [r] = await db
    .select({ n: count() })
    .from(exchangeQuotes)
    .where(
      and(
        eq(exchangeQuotes.userId, row.userId),
        eq(exchangeQuotes.status, 'Accepted'),
        or(
          lt(exchangeQuotes.acceptedAt, acceptedAt),
          and(eq(exchangeQuotes.acceptedAt, acceptedAt), lte(exchangeQuotes.id, row.id)),
        ),
      ),
    );
  return Number(r?.n ?? 0);
}

/**
 * Deletes up to `limit` Open quotes that expired before `before` (accepted ones are the history: kept). Returns how
 * many went; bounded so one run never holds many rows.
 */
export async function deleteExpiredOpenQuotes(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const stale = db
    .select({ id: exchangeQuotes.id })
    .from(exchangeQuotes)
    .where(and(eq(exchangeQuotes.status, 'Open'), lt(exchangeQuotes.expiresAt, before)))
    .limit(limit);
  const gone = await db
    .delete(exchangeQuotes)
    .where(and(inArray(exchangeQuotes.id, stale), eq(exchangeQuotes.status, 'Open')))
    .returning({ id: exchangeQuotes.id });
  return gone.length;
}
