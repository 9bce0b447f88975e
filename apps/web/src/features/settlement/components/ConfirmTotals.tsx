import type { SettlementTotals } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import type { TotalsField } from '../format.ts';
import { TotalsRows } from './TotalsRows.tsx';

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
      <TotalsRows totals={totals} fields={CONFIRM_FIELDS} />
    </div>
  );
}
