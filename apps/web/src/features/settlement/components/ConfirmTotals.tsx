import type { SettlementTotals } from '@agc/shared';
import { FieldRows } from '@web/components/FieldRows.tsx';
import { useTranslation } from 'react-i18next';
import { type TotalsField, totalRows } from '../format.ts';

/** What the run's confirmation names besides the day: the totals it is about to pay. */
const CONFIRM_FIELDS: readonly TotalsField[] = [
  'static',
  'pairing',
  'management_base',
  'paid',
  'cut',
  'members_paid',
];

export function ConfirmTotals({ day, totals }: { day: string; totals: SettlementTotals }) {
  const { t } = useTranslation();
  return (
    <div className="settlement-confirm" data-testid="settlement-confirm">
      <p className="settlement-confirm-text">{t('settlement.runConfirm', { day })}</p>
      <FieldRows rows={totalRows(totals, CONFIRM_FIELDS)} labelPrefix="settlement.totals" />
    </div>
  );
}
