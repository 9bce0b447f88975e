import type { SettlementTotals } from '@agc/shared';
import { FieldRows } from '@web/components/FieldRows.tsx';
import { useTranslation } from 'react-i18next';
import { type TotalsField, totalRows } from '../format.ts';

/** Rows in order: what each kind pays, what the caps cut, how it is credited, and the day's volume. */
const GROUPS: { titleKey: string; fields: TotalsField[] }[] = [
  { titleKey: 'settlement.groups.kinds', fields: ['static', 'pairing', 'management_base'] },
  {
    titleKey: 'settlement.groups.paid',
    fields: ['paid', 'members_paid', 'rewards', 'credited_usdt', 'credited_agc'],
  },
  { titleKey: 'settlement.groups.cut', fields: ['cut', 'cut_remaining_dividends', 'cut_day_top'] },
  { titleKey: 'settlement.groups.volume', fields: ['orders', 'new_volume'] },
];

/** A settlement's totals (previewed or paid); each value has data-testid `settlement-<field>`. */
export function SettlementTotalsRows({ totals }: { totals: SettlementTotals }) {
  const { t } = useTranslation();
  return (
    <div className="settlement-totals" data-testid="settlement-totals">
      {GROUPS.map((group) => (
        <div key={group.titleKey} className="settlement-group">
          <p className="settlement-group-title">{t(group.titleKey)}</p>
          <FieldRows
            rows={totalRows(totals, group.fields)}
            labelPrefix="settlement.totals"
            testIdPrefix="settlement"
          />
        </div>
      ))}
    </div>
  );
}
