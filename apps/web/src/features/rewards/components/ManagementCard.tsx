import { BlockButton } from '@web/components/BlockButton.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import '../rewards.css';
import type { Me } from '@agc/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/**
 * The member's management base and rank (GET me: manage_award_base, manage_leve) with the settle button.
 * Rank 0 has nothing to settle: the button is disabled and a hint says why.
 */
export function ManagementCard({
  me,
  settling,
  onSettle,
}: {
  me: Pick<UseQueryResult<Me>, 'data' | 'error' | 'refetch'>;
  settling: boolean;
  onSettle: () => void;
}) {
  const { t } = useTranslation();
  const data = me.data;
  const rank = data?.manage_leve;
  return (
    <section className="card rewards-mng" data-testid="rewards-mng">
      <h3 className="card-title">{t('rewards.mng.title')}</h3>
      {!data && me.error ? (
        <ErrorRetry error={me.error} onRetry={() => void me.refetch()} small />
      ) : !data ? (
        <Skeleton rows={2} testId="rewards-mng-loading" />
      ) : (
        <dl className="rows">
          <ValueRow label={t('rewards.mng.base')} testId="rewards-mng-base">
            {formatUsdt(data.manage_award_base)}
          </ValueRow>
          <div className="row">
            <dt>{t('rewards.mng.rank')}</dt>
            <dd data-testid="rewards-mng-rank" data-rank={rank ?? ''}>
              {t('rewards.rank', { rank })}
            </dd>
          </div>
        </dl>
      )}
      <BlockButton
        variant="primary"
        testId="rewards-mng-settle"
        disabled={!data || rank === 0 || settling}
        onClick={onSettle}
      >
        {t('rewards.mng.settle')}
      </BlockButton>
      {rank === 0 && (
        <p className="muted small rewards-mng-hint" data-testid="rewards-mng-hint">
          {t('rewards.mng.rankZero')}
        </p>
      )}
    </section>
  );
}
