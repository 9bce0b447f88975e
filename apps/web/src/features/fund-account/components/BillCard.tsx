import type { FundBill } from '@agc/shared';
import { type FieldRow, FieldRows } from '@web/components/FieldRows.tsx';
import { formatNav, formatUnits, formatUsdt } from '@web/lib/format.ts';

/** One monthly bill of one holding: every figure (labels `fund.bills.fields.*`). */
export function BillCard({ bill }: { bill: FundBill }) {
  const nav = (value: string | null) => (value === null ? '-' : formatNav(value));
  const rows: FieldRow[] = [
    ['order_id', bill.order_id],
    ['opening_units', formatUnits(bill.opening_units)],
    ['closing_units', formatUnits(bill.closing_units)],
    ['opening_nav', nav(bill.opening_nav)],
    ['closing_nav', nav(bill.closing_nav)],
    ['opening_value_usdt', formatUsdt(bill.opening_value_usdt)],
    ['closing_value_usdt', formatUsdt(bill.closing_value_usdt)],
    ['subscriptions_usdt', formatUsdt(bill.subscriptions_usdt)],
    ['redemptions_usdt', formatUsdt(bill.redemptions_usdt)],
    ['interest_usdt', formatUsdt(bill.interest_usdt)],
    ['fees_usdt', formatUsdt(bill.fees_usdt)],
  ];
  return (
    <section className="card fund-bill" data-testid={`fund-bill-${bill.bill_id}`}>
      <div className="card-head">
        <h3 className="card-title">{bill.product.name}</h3>
        <span className="muted" data-testid="fund-bill-month">
          {bill.month}
        </span>
      </div>
      <FieldRows rows={rows} labelPrefix="fund.bills.fields" testIdPrefix="fund-bill" />
    </section>
  );
}
