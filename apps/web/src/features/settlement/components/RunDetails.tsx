import type { SettlementRun } from '@agc/shared';
import { formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { formatDuration, runByText } from '../format.ts';

/** The recorded run of a settled day: who ran it, when, and how long it took. */
export function RunDetails({ run }: { run: SettlementRun }) {
  const { t } = useTranslation();
  // [label key, test id, text, title (the full address of who ran it)]
  const rows: [string, string, string, string | undefined][] = [
    ['settlement.runBy', 'settlement-run-by', runByText(run.run_by, t), run.run_by ?? undefined],
    ['settlement.startedAt', 'settlement-started-at', formatEventTime(run.started_at, t), undefined],
    ['settlement.finishedAt', 'settlement-finished-at', formatEventTime(run.finished_at, t), undefined],
    ['settlement.duration', 'settlement-duration', formatDuration(run.duration_ms), undefined],
  ];
  return (
    <dl className="rows settlement-run-details" data-testid="settlement-run-details">
      {rows.map(([label, testId, text, title]) => (
        <div className="row" key={testId}>
          <dt>{t(label)}</dt>
          <dd data-testid={testId} title={title}>
            {text}
          </dd>
        </div>
      ))}
    </dl>
  );
}
