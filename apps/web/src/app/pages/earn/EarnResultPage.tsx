import { DetailLoad } from '@web/components/DetailLoad.tsx';
import { ResultLinks } from '@web/components/ResultLinks.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { isMovementId } from '@web/features/earn/api/get-earn-movement.ts';
import { Countdown } from '@web/features/earn/components/Countdown.tsx';
import { MovementStatus } from '@web/features/earn/components/MovementStatus.tsx';
import { useMovementResult } from '@web/features/earn/hooks/use-movement-result.ts';
import { formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '@web/features/earn/earn.css';

/**
 * A transfer's result (`?id=`): Pending with its arrival time and a live countdown on the server's clock, then
 * Arrived (read again every few seconds while Pending); a transfer in is Completed at once. An unknown id is
 * the detail pages' "not found"; a failed read, Load Failed with a retry.
 */
export default function EarnResultPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('id');
  const { movement, offset } = useMovementResult(id);
  return (
    <div className="page earn earn-result" data-testid="earn-result">
      <DetailLoad
        query={movement}
        validId={isMovementId(id)}
        testIdPrefix="earn-result"
        notFoundText={t('earn.result.notFound')}
      >
        {(m) => (
          <section className="card" data-testid="earn-result-card" data-status={m.status}>
            <h2 className="earn-result__title" data-testid="earn-result-title">
              {t(`earn.result.title.${m.status}`)}
            </h2>
            <p className="earn-total" data-testid="earn-result-amount">
              {formatUsdt(m.amount_usdt)}
            </p>
            <dl className="rows">
              <ValueRow label={t('earn.result.kind')}>{t(`earn.kind.${m.kind}`)}</ValueRow>
              <ValueRow label={t('earn.result.status')}>
                <MovementStatus status={m.status} testId="earn-result-status" />
              </ValueRow>
              <ValueRow label={t('earn.result.created')}>{formatEventTime(m.created_at, t)}</ValueRow>
              {m.arrives_at && m.status === 'Pending' && (
                <>
                  <ValueRow label={t('earn.result.arrivesAt')} testId="earn-result-arrives">
                    {formatEventTime(m.arrives_at, t)}
                  </ValueRow>
                  <ValueRow label={t('earn.result.timeLeft')}>
                    <Countdown arrivesAt={m.arrives_at} offset={offset} />
                  </ValueRow>
                </>
              )}
              {m.arrived_at && (
                <ValueRow label={t('earn.result.arrivedAt')} testId="earn-result-arrived">
                  {formatEventTime(m.arrived_at, t)}
                </ValueRow>
              )}
            </dl>
            {m.status === 'Pending' && (
              <p className="muted small" data-testid="earn-result-hint">
                {t('earn.result.pendingHint')}
              </p>
            )}
          </section>
        )}
      </DetailLoad>
      <ResultLinks
        main={{ to: paths.earn, label: t('earn.name'), testId: 'earn-result-back' }}
        link={{ to: paths.earnRecords, label: t('earn.records.open'), testId: 'earn-result-records' }}
      />
    </div>
  );
}
