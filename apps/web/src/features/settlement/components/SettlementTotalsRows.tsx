import type { SettlementTotals } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { formatAgc, formatUsdt } from '../../../lib/format.ts';

type Field = keyof SettlementTotals;

/** Rows in order: what each kind pays, what the caps cut, how it is credited, and the day's volume. */
const GROUPS: { titleKey: string; fields: { field: Field; format: 'usdt' | 'agc' | 'count' }[] }[] = [
  {
    titleKey: 'settlement.groups.kinds',
    fields: [
      { field: 'static', format: 'usdt' },
      { field: 'pairing', format: 'usdt' },
      { field: 'management_base', format: 'usdt' },
    ],
  },
  {
    titleKey: 'settlement.groups.paid',
    fields: [
      { field: 'paid', format: 'usdt' },
      { field: 'members_paid', format: 'count' },
      { field: 'rewards', format: 'count' },
      { field: 'credited_usdt', format: 'usdt' },
      { field: 'credited_agc', format: 'agc' },
    ],
  },
  {
    titleKey: 'settlement.groups.cut',
    fields: [
      { field: 'cut', format: 'usdt' },
      { field: 'cut_remaining_dividends', format: 'usdt' },
      { field: 'cut_day_top', format: 'usdt' },
    ],
  },
  {
    titleKey: 'settlement.groups.volume',
    fields: [
      { field: 'orders', format: 'count' },
      { field: 'new_volume', format: 'usdt' },
    ],
  },
];

function show(totals: SettlementTotals, field: Field, format: 'usdt' | 'agc' | 'count'): string {
  const value = totals[field];
  if (format === 'count') return String(value);
  return format === 'agc' ? formatAgc(value) : formatUsdt(value);
}

/** A settlement's totals (previewed or paid); each value has data-testid `settlement-<field>`. */
export function SettlementTotalsRows({ totals }: { totals: SettlementTotals }) {
  const { t } = useTranslation();
  return (
    <div className="settlement-totals" data-testid="settlement-totals">
      {GROUPS.map((group) => (
        <div key={group.titleKey} className="settlement-group">
          <p className="settlement-group-title">{t(group.titleKey)}</p>
          <dl className="rows">
            {group.fields.map(({ field, format }) => (
              <div className="row" key={field}>
                <dt>{t(`settlement.totals.${field}`)}</dt>
                <dd data-testid={`settlement-${field}`}>{show(totals, field, format)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
