import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { PullRefresh } from '@web/components/PullRefresh.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { useEarnMovements } from '@web/features/earn/api/get-earn-movements.ts';
import { useEarnSummary } from '@web/features/earn/api/get-earn-summary.ts';
import { EarnFigures } from '@web/features/earn/components/EarnFigures.tsx';
import { PendingOuts } from '@web/features/earn/components/PendingOuts.tsx';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import '@web/features/earn/earn.css';

/**
 * Simple earn: "Up to {apy}% APY", the spec's five figures, Transfer in / Transfer out, the transfers out on
 * their way with their arrival times, and the records.
 */
export default function EarnPage() {
  const { t } = useTranslation();
  const summary = useEarnSummary();
  const config = usePublicConfig();
  const outs = useEarnMovements('Out');
  // The "up to" of the app's texts (config), else the APY paid now.
  const apy = config.data?.rates.easy_earn_apy_max ?? summary.data?.apy_percent;
  let figures: React.ReactNode;
  if (summary.isPending) figures = <Skeleton rows={4} testId="earn-loading" />;
  else if (summary.isError)
    figures = <ErrorRetry error={summary.error} onRetry={() => void summary.refetch()} testId="earn-error" />;
  else figures = <EarnFigures summary={summary.data} />;
  return (
    <div className="page earn" data-testid="earn">
      <PullRefresh onRefresh={() => Promise.all([summary.refetch(), outs.refetch()])}>
        <section className="card earn-hero" data-testid="earn-summary">
          {apy !== undefined && (
            <p className="earn-apy" data-testid="earn-apy">
              {t('earn.upTo', { apy })}
            </p>
          )}
          {figures}
        </section>
        <div className="earn-actions">
          <PageLink to={paths.earnTransferIn} className="btn btn-primary" testId="earn-transfer-in">
            {t('earn.transferIn')}
          </PageLink>
          <PageLink to={paths.earnTransferOut} className="btn btn-secondary" testId="earn-transfer-out">
            {t('earn.transferOut')}
          </PageLink>
        </div>
        <PendingOuts />
        <PageLink to={paths.earnRecords} className="btn btn-link btn-block" testId="earn-records-link">
          {t('earn.records.open')}
        </PageLink>
      </PullRefresh>
    </div>
  );
}
