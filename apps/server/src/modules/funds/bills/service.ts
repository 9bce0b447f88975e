import { type FundBill, formatAmount, formatUsdt, type Locale } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { textsIn } from '@server/lib/translations.ts';
import { transferBatch } from '@server/modules/ledger/index.ts';
import { profitPayment } from '../accounts.ts';
import { NAV_DECIMALS, UNIT_DECIMALS } from '../math.ts';
import {
  type BillWithProduct,
  firstMonthToBill,
  insertMonthBills,
  insertMonthInterest,
  lockFundBills,
  monthBounds,
  nextMonth,
} from './repository.ts';

export interface MonthRun {
  month: string;
  interest: number;
  bills: number;
}

/**
 * Closes one calendar month in one transaction: first the month's Interest (recorded and credited system
 * fund_rewards_paid → member fund_available_profit, the ledger key being the Interest's ref), then one
 * bill per holding, which shows that Interest. Run twice or at once, it writes and credits everything once.
 */
export async function closeMonth(ctx: AppContext, month: string): Promise<MonthRun> {
  const b = monthBounds(month);
  const run = await ctx.db.transaction(async (tx) => {
    await lockFundBills(tx);
    const interest = await insertMonthInterest(tx, b);
    await transferBatch(
      tx,
      interest.map((i) => profitPayment(i, 'fund_interest', i.ref)),
    );
    const bills = await insertMonthBills(tx, b);
    return { month, interest: interest.length, bills, paid: interest.map((i) => i.userId) };
  });
  if (run.paid.length > 0) invalidate(ctx, { kind: 'figures', ids: run.paid });
  return { month: run.month, interest: run.interest, bills: run.bills };
}

/**
 * The monthly job: every month that ended (UTC, by the server clock, after the settlement delay so that
 * the month's last NAV can still be published) and may lack bills, in order, from the latest one billed.
 */
export async function closeDueMonths(ctx: AppContext): Promise<MonthRun[]> {
  const due = new Date(ctx.now().getTime() - ctx.config.settlement.delayMs);
  const current = due.toISOString().slice(0, 7);
  const runs: MonthRun[] = [];
  let month = await firstMonthToBill(ctx.db);
  if (!month) return runs;
  for (; month < current; month = nextMonth(month)) runs.push(await closeMonth(ctx, month));
  return runs;
}

const units = (v: bigint) => formatAmount(v, UNIT_DECIMALS);
const nav = (v: bigint | null) => (v === null ? null : formatAmount(v, NAV_DECIMALS));

export function toBillDto({ bill, product }: BillWithProduct, locale: Locale): FundBill {
  return {
    bill_id: bill.id.toString(),
    order_id: bill.orderId.toString(),
    product: { id: product.id, name: textsIn(product, locale).name },
    month: bill.month,
    opening_units: units(bill.openingUnits),
    closing_units: units(bill.closingUnits),
    opening_nav: nav(bill.openingNavE8),
    closing_nav: nav(bill.closingNavE8),
    opening_value_usdt: formatUsdt(bill.openingValueUsdt),
    closing_value_usdt: formatUsdt(bill.closingValueUsdt),
    subscriptions_usdt: formatUsdt(bill.subscriptionsUsdt),
    redemptions_usdt: formatUsdt(bill.redemptionsUsdt),
    interest_usdt: formatUsdt(bill.interestUsdt),
    fees_usdt: formatUsdt(bill.feesUsdt),
  };
}

/** A CSV cell: quoted when needed; a cell a spreadsheet would read as a formula starts with a quote. */
export function csvCell(value: string | number | null): string {
  const s = value === null ? '' : String(value);
  // A leading = + - @ (or a tab / carriage return) would run as a formula: prefix a quote, keep it quoted.
  if (/^[=+\-@\t\r]/.test(s)) return `"'${s.replaceAll('"', '""')}"`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The CSV columns: a header (translated) and each bill's cell. */
const CSV_COLUMNS: Array<[string, (b: FundBill) => string | null]> = [
  ['month', (b) => b.month],
  ['order_id', (b) => b.order_id],
  ['product', (b) => b.product.name],
  ['opening_units', (b) => b.opening_units],
  ['opening_nav', (b) => b.opening_nav],
  ['opening_value_usdt', (b) => b.opening_value_usdt],
  ['subscriptions_usdt', (b) => b.subscriptions_usdt],
  ['redemptions_usdt', (b) => b.redemptions_usdt],
  ['interest_usdt', (b) => b.interest_usdt],
  ['fees_usdt', (b) => b.fees_usdt],
  ['closing_units', (b) => b.closing_units],
  ['closing_nav', (b) => b.closing_nav],
  ['closing_value_usdt', (b) => b.closing_value_usdt],
];

/** The bills as CSV (CRLF lines, a header row in the request's language, one row per bill). */
export function billsCsv(bills: FundBill[], t: (key: string) => string): string {
  const lines = [CSV_COLUMNS.map(([k]) => csvCell(t(`fund.bill_csv.${k}`))).join(',')];
  for (const b of bills) lines.push(CSV_COLUMNS.map(([, f]) => csvCell(f(b))).join(','));
  // A byte-order mark, so that spreadsheets read the product names (any language) as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
