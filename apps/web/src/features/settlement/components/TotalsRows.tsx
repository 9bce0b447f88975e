import type { SettlementTotals } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { formatTotal, type TotalsField } from '../format.ts';

/** Totals fields as label/value rows; `testIds` gives each value data-testid `settlement-<field>`. */
export function TotalsRows({
  totals,
  fields,
  testIds = false,
}: {
  totals: SettlementTotals;
  fields: readonly TotalsField[];
  testIds?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <dl className="rows">
      {fields.map((field) => (
        <div className="row" key={field}>
          <dt>{t(`settlement.totals.${field}`)}</dt>
          <dd data-testid={testIds ? `settlement-${field}` : undefined}>{formatTotal(totals, field)}</dd>
        </div>
      ))}
    </dl>
  );
}
