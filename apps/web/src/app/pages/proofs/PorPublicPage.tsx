import { EmptyState } from '@web/components/EmptyState.tsx';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { usePorHistory } from '@web/features/proofs/api/get-por-history.ts';
import { usePorLatest } from '@web/features/proofs/api/get-por-latest.ts';
import { CoverageCards } from '@web/features/proofs/components/CoverageCards.tsx';
import { CoverageChart } from '@web/features/proofs/components/CoverageChart.tsx';
import { paths } from '@web/lib/paths.ts';
import { useIsLoggedIn } from '@web/stores/auth.ts';
import { useTranslation } from 'react-i18next';
import '@web/features/proofs/proofs.css';

/**
 * Proof of liabilities, for everyone (signed in or not): the latest published snapshot's liabilities, reserves and
 * coverage per token, the block they were read at, the attestation transaction, and coverage over time.
 */
export default function PorPublicPage() {
  const { t } = useTranslation();
  const latest = usePorLatest();
  const history = usePorHistory();
  const signedIn = useIsLoggedIn();

  if (latest.isPending) return <LoadingState testId="por-public-loading" rows={6} />;
  if (latest.isError)
    return (
      <LoadFailed testId="por-public-error" error={latest.error} onRetry={() => void latest.refetch()} />
    );

  return (
    <div className="page" data-testid="por-public">
      <p className="por-intro muted">{t('por.publicIntro')}</p>
      {latest.data.snapshot ? (
        <CoverageCards data={latest.data} />
      ) : (
        <EmptyState description={t('por.none')} />
      )}
      <section className="card por-card" aria-labelledby="por-history-title">
        <h3 className="card-title" id="por-history-title">
          {t('por.history')}
        </h3>
        {history.isError ? (
          <LoadFailed
            testId="por-history-error"
            error={history.error}
            onRetry={() => void history.refetch()}
          />
        ) : (
          <CoverageChart list={history.data?.list ?? []} />
        )}
      </section>
      {signedIn && (
        <PageLink to={paths.porVerify} className="btn btn-primary btn-block" testId="por-verify-mine">
          {t('por.verifyMine')}
        </PageLink>
      )}
    </div>
  );
}
