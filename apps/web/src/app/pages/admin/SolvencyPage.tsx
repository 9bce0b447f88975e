import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { NoPermission } from '@web/components/NoPermission.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { useSolvency } from '@web/features/solvency/api/get-solvency.ts';
import { SolvencyCard } from '@web/features/solvency/components/SolvencyCard.tsx';
import { formatEventTime } from '@web/lib/format.ts';
import { paths } from '@web/lib/paths.ts';
import { isForbidden } from '@web/lib/request.ts';
import { useTranslation } from 'react-i18next';
import '@web/features/solvency/solvency.css';

/**
 * Solvency (auditor, analyst, admin; the server answers 403 to anyone else): per token, the treasury's balance read
 * at one block against what members can withdraw now, within 5 minutes, within 72 hours and later, with the
 * coverage and a warning when the next 72 hours are not covered. Refresh reads the chain and the ledger again; a link
 * opens the proof-of-liabilities snapshots.
 */
export default function SolvencyPage() {
  const { t } = useTranslation();
  const view = useSolvency();

  if (isForbidden(view.error))
    return <NoPermission testId="solvency-no-permission" text={t('solvency.noPermission')} />;
  if (view.isPending) return <LoadingState testId="solvency-loading" rows={6} />;
  if (view.isError)
    return <LoadFailed testId="solvency-error" error={view.error} onRetry={() => void view.refetch()} />;

  const { block, as_of, assets, warning } = view.data;
  return (
    <div className="page solvency" data-testid="solvency">
      <div className="card-head solvency-head">
        <div>
          <p data-testid="solvency-block">
            <strong>{t('solvency.block', { number: block.number })}</strong>
          </p>
          <p className="muted small" data-testid="solvency-block-time">
            {t('solvency.blockTime', { number: block.number, time: formatEventTime(block.time, t) })}
          </p>
          <p className="muted small">{t('solvency.asOf', { time: formatEventTime(as_of, t) })}</p>
        </div>
        <button
          type="button"
          className="btn-link card-link"
          data-testid="solvency-refresh"
          disabled={view.isFetching}
          onClick={() => void view.refetch()}
        >
          {t('solvency.refresh')}
        </button>
      </div>
      {!warning && (
        <p className="muted small solvency-head" data-testid="solvency-ok">
          {t('solvency.ok72')}
        </p>
      )}
      {assets.map((a) => (
        <SolvencyCard key={a.asset} data={a} />
      ))}
      {assets.some((a) => a.buckets.some((b) => b.parts.some((p) => p.key.startsWith('fund_')))) && (
        <p className="muted small solvency-head">{t('solvency.fundEstimate')}</p>
      )}
      <PageLink
        to={paths.adminProofs}
        className="btn-link card-link solvency-head"
        testId="solvency-proofs-link"
      >
        {t('solvency.seeProofs')}
      </PageLink>
    </div>
  );
}
