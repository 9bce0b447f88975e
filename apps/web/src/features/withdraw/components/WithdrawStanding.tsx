import type { WithdrawLimit } from '@agc/shared';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { type Asset, formatAsset } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/**
 * The chosen asset's available balance, today's remaining amount and the daily limit (withdraw/limit);
 * when they could not be loaded, why, with a retry when one can help.
 */
export function WithdrawStanding({
  asset,
  standing,
  error,
  onRetry,
}: {
  asset: Asset;
  standing: WithdrawLimit['limits'][number] | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const failed = error !== null && error !== undefined;
  return (
    <section className="card" data-testid="withdraw-standing">
      <p className="muted small">{t('withdraw.available', { asset })}</p>
      <p className="withdraw-balance" data-testid="withdraw-available">
        {standing ? (
          formatAsset(standing.available, asset)
        ) : failed ? (
          '-'
        ) : (
          <Skeleton inline className="skeleton--figure" />
        )}
      </p>
      {failed && <ErrorRetry error={error} onRetry={onRetry} testId="withdraw-limit-error" small />}
      {standing && (
        <dl className="rows">
          <ValueRow label={t('withdraw.remainingToday')} testId="withdraw-remaining">
            {formatAsset(standing.remaining, asset)}
          </ValueRow>
          <ValueRow label={t('withdraw.dailyLimit')} testId="withdraw-daily-limit">
            {formatAsset(standing.daily_limit, asset)}
          </ValueRow>
        </dl>
      )}
    </section>
  );
}
