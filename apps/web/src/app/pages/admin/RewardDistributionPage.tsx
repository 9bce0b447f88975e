import type { SettlementTotals } from '@agc/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useSettlementHistory } from '../../../features/settlement/api/get-settlement-history.ts';
import { useSettlementPreview } from '../../../features/settlement/api/get-settlement-preview.ts';
import { useRunSettlement } from '../../../features/settlement/api/post-settlement-run.ts';
import { RunDetails } from '../../../features/settlement/components/RunDetails.tsx';
import { RunHistory } from '../../../features/settlement/components/RunHistory.tsx';
import { SettlementTotalsRows } from '../../../features/settlement/components/SettlementTotalsRows.tsx';
import { todayUtc } from '../../../features/settlement/format.ts';
import { formatUsdt } from '../../../lib/format.ts';
import '../../../features/settlement/settlement.css';
import { errorText } from '../../../lib/errors.ts';
import { ApiError } from '../../../lib/request.ts';
import { confirmModal, toast } from '../../../lib/ui.ts';

const isForbidden = (error: unknown) =>
  error instanceof ApiError && (error.code === 403 || error.status === 403);

/** What the confirmation names besides the day: the totals the run is about to pay. */
function ConfirmTotals({ day, totals }: { day: string; totals: SettlementTotals }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('settlement.totals.static'), formatUsdt(totals.static)],
    [t('settlement.totals.pairing'), formatUsdt(totals.pairing)],
    [t('settlement.totals.management_base'), formatUsdt(totals.management_base)],
    [t('settlement.totals.paid'), formatUsdt(totals.paid)],
    [t('settlement.totals.cut'), formatUsdt(totals.cut)],
    [t('settlement.totals.members_paid'), String(totals.members_paid)],
  ];
  return (
    <div className="settlement-confirm" data-testid="settlement-confirm">
      <p className="settlement-confirm-text">{t('settlement.runConfirm', { day })}</p>
      <dl className="rows">
        {rows.map(([label, value]) => (
          <div className="row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * Reward distribution (admin; the server answers 403 to anyone else): preview a UTC day's
 * settlement — a settled day shows its recorded run — run the next unsettled day after a
 * confirmation, and the history of runs.
 */
export default function RewardDistributionPage() {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  // Without a day the server previews its default; the picker then starts at the next day to settle.
  const initial = useSettlementPreview(null);
  // With every past day settled the server answers no day at all (day '', next_day null).
  const defaultDay = initial.data ? (initial.data.next_day ?? (initial.data.day || null)) : null;
  const day = picked ?? defaultDay;
  const preview = useSettlementPreview(day, { enabled: day !== null });
  const history = useSettlementHistory();
  const run = useRunSettlement();

  if ([initial.error, preview.error, history.error].some(isForbidden))
    return (
      <div className="page" data-testid="settlement-no-permission">
        <EmptyState description={t('settlement.noPermission')} />
      </div>
    );

  const data = day !== null && preview.data?.day === day ? preview.data : undefined;
  const nextDay = data?.next_day ?? history.data?.next_day ?? initial.data?.next_day ?? null;
  const canRun = data !== undefined && data.run === null && data.totals !== null && data.day === nextDay;

  const start = async () => {
    if (!data?.totals || run.isPending) return;
    const confirmed = await confirmModal({
      title: t('settlement.runConfirmTitle', { day: data.day }),
      content: <ConfirmTotals day={data.day} totals={data.totals} />,
    });
    if (!confirmed) return;
    try {
      await run.mutateAsync(data.day);
      setPicked(data.day); // stay on the day just settled: it now shows its run
      void toast(t('settlement.runDone', { day: data.day }));
    } catch {
      // the request wrapper has shown the server's (translated) message
    }
  };

  let body: ReactNode;
  if (initial.isPending || (day !== null && preview.isPending)) {
    body = (
      <p className="muted list-state" data-testid="settlement-loading">
        {t('common.loading')}
      </p>
    );
  } else if (initial.error || preview.error) {
    const error = preview.error ?? initial.error;
    body = (
      <div className="list-state" data-testid="settlement-error">
        <p className="error-text">{t('common.loadFailed')}</p>
        <p className="muted small">{errorText(error, t)}</p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void (preview.error ? preview.refetch() : initial.refetch())}
        >
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (day === null) {
    body = (
      <div data-testid="settlement-all-settled">
        <EmptyState description={t('settlement.allSettled')} />
      </div>
    );
  } else if (data?.run) {
    body = (
      <>
        <RunDetails run={data.run} />
        <SettlementTotalsRows totals={data.run.totals} />
      </>
    );
  } else if (data?.totals) {
    body = (
      <>
        {!canRun && (
          <p className="notice settlement-hint" data-testid="settlement-not-next">
            {nextDay ? t('settlement.inOrder', { day: nextDay }) : t('settlement.allSettled')}
          </p>
        )}
        <SettlementTotalsRows totals={data.totals} />
        {canRun && (
          <button
            type="button"
            className="btn btn-primary btn-block settlement-run"
            data-testid="settlement-run"
            disabled={run.isPending}
            onClick={() => void start()}
          >
            {run.isPending ? t('settlement.running') : t('settlement.run')}
          </button>
        )}
      </>
    );
  } else {
    body = <EmptyState description={t('settlement.nothing')} />;
  }

  return (
    <div className="page settlement-page">
      <section className="card">
        <div className="settlement-day-row">
          <label className="settlement-day">
            <span className="muted small">{t('settlement.day')}</span>
            <input
              type="date"
              className="input"
              data-testid="settlement-day"
              value={day ?? ''}
              max={todayUtc()}
              onChange={(event) => {
                if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) setPicked(event.target.value);
              }}
            />
          </label>
          {data && (
            <span
              className={`status-tag${data.run ? ' status-tag--success' : ' status-tag--unpaid'}`}
              data-testid="settlement-state"
              data-state={data.run ? 'settled' : 'open'}
            >
              {t(data.run ? 'settlement.settled' : 'settlement.notSettled')}
            </span>
          )}
        </div>
        {nextDay && (
          <p className="muted small settlement-next" data-testid="settlement-next-day">
            {t('settlement.nextDay', { day: nextDay })}
          </p>
        )}
        <p className="muted small settlement-utc">{t('settlement.utcNote')}</p>
      </section>
      <section className="card settlement-preview" data-testid="settlement-preview" data-day={data?.day}>
        <h3 className="card-title">{t(data?.run ? 'settlement.paidTitle' : 'settlement.previewTitle')}</h3>
        {body}
      </section>
      <h3 className="settlement-history-title">{t('settlement.history')}</h3>
      {history.isPending ? (
        <p className="muted list-state">{t('common.loading')}</p>
      ) : history.isError ? (
        <div className="list-state" data-testid="settlement-history-error">
          <p className="error-text">{t('common.loadFailed')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void history.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : history.data.list.length === 0 ? (
        <EmptyState />
      ) : (
        <RunHistory
          runs={history.data.list}
          onOpen={(runDay) => {
            setPicked(runDay);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </div>
  );
}
