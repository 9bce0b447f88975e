import { ANALYTICS_GROUPS } from '@agc/shared';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { NoPermission } from '@web/components/NoPermission.tsx';
import { useAnalytics } from '@web/features/analytics/api/get-analytics.ts';
import { useDownloadAnalyticsCsv } from '@web/features/analytics/api/get-analytics-csv.ts';
import { GroupCard } from '@web/features/analytics/components/GroupCard.tsx';
import { RangePicker } from '@web/features/analytics/components/RangePicker.tsx';
import { VitalsCard } from '@web/features/analytics/components/VitalsCard.tsx';
import { type DayRange, presetRange, utcDay } from '@web/features/analytics/model/range.ts';
import { unbroken } from '@web/lib/format.ts';
import { isForbidden } from '@web/lib/request.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/analytics/analytics.css';

/**
 * Analytics (analyst, admin; the server answers 403 to anyone else): per UTC day over a chosen range (the last 7,
 * 30 or 90 days, or custom), members, deposits, withdrawals, rewards by kind, exchange and launchpad volume, as a
 * chart, totals and a day-by-day table per group; the range as CSV. Today's figures are live. Then members' own
 * Core Web Vitals (p75 per route and day).
 */
export default function AnalyticsPage() {
  const { t } = useTranslation();
  const [today] = useState(() => utcDay(Date.now()));
  const [range, setRange] = useState<DayRange>(() => presetRange(30, today));
  const report = useAnalytics(range);
  const csv = useDownloadAnalyticsCsv();

  if (isForbidden(report.error))
    return <NoPermission testId="analytics-no-permission" text={t('analytics.noPermission')} />;

  return (
    <div className="page analytics" data-testid="analytics">
      <RangePicker today={today} value={range} onChange={setRange} />
      <div className="analytics-head">
        <p className="muted small" data-testid="analytics-shown">
          {t('analytics.shown', { from: unbroken(range.from), to: unbroken(range.to) })}
        </p>
        <button
          type="button"
          className="btn-link card-link"
          data-testid="analytics-csv"
          disabled={csv.isPending || !report.data}
          onClick={() => csv.mutate(range)}
        >
          {t('analytics.csv')}
        </button>
      </div>
      {report.isPending ? (
        <LoadingState testId="analytics-loading" rows={8} />
      ) : report.isError ? (
        <LoadFailed testId="analytics-error" error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          {report.data.days.some((d) => d.day === report.data.today) && (
            <p className="muted small analytics-head" data-testid="analytics-live-note">
              {t('analytics.liveNote')}
            </p>
          )}
          {ANALYTICS_GROUPS.map((g) => (
            <GroupCard
              key={g}
              group={g}
              days={report.data.days}
              totals={report.data.totals}
              today={report.data.today}
            />
          ))}
          <VitalsCard range={range} />
        </>
      )}
    </div>
  );
}
