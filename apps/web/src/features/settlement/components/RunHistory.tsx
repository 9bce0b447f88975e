import type { SettlementRun } from '@agc/shared';
import { formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { formatDuration, runByText } from '../format.ts';

/** The runs so far, newest first; tapping one shows that day. */
export function RunHistory({
  runs,
  onOpen,
}: {
  runs: readonly SettlementRun[];
  onOpen: (day: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="list settlement-history" data-testid="settlement-history">
      {runs.map((run) => (
        <li key={run.day}>
          <button
            type="button"
            className="card item-button settlement-history-item"
            data-testid={`settlement-history-${run.day}`}
            onClick={() => onOpen(run.day)}
          >
            <span className="settlement-history-row">
              <strong>{run.day}</strong>
              <span className="settlement-history-paid">{formatUsdt(run.totals.paid)}</span>
            </span>
            <span className="settlement-history-row muted small">
              <span>{t('settlement.membersPaidCount', { n: run.totals.members_paid })}</span>
              <span>{runByText(run.run_by, t)}</span>
            </span>
            <span className="settlement-history-row muted small">
              <span>{formatEventTime(run.finished_at, t)}</span>
              <span>{formatDuration(run.duration_ms)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
