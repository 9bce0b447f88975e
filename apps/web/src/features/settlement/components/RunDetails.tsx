import type { SettlementRun } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { formatEventTime } from '../../../lib/format.ts';
import { formatDuration, runByText } from '../format.ts';

/** The recorded run of a settled day: who ran it, when, and how long it took. */
export function RunDetails({ run }: { run: SettlementRun }) {
  const { t } = useTranslation();
  return (
    <dl className="rows settlement-run-details" data-testid="settlement-run-details">
      <div className="row">
        <dt>{t('settlement.runBy')}</dt>
        <dd data-testid="settlement-run-by" title={run.run_by ?? undefined}>
          {runByText(run.run_by, t)}
        </dd>
      </div>
      <div className="row">
        <dt>{t('settlement.startedAt')}</dt>
        <dd data-testid="settlement-started-at">{formatEventTime(run.started_at, t)}</dd>
      </div>
      <div className="row">
        <dt>{t('settlement.finishedAt')}</dt>
        <dd data-testid="settlement-finished-at">{formatEventTime(run.finished_at, t)}</dd>
      </div>
      <div className="row">
        <dt>{t('settlement.duration')}</dt>
        <dd data-testid="settlement-duration">{formatDuration(run.duration_ms)}</dd>
      </div>
    </dl>
  );
}
