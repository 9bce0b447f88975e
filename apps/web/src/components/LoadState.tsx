import { errorText } from '@web/lib/errors.ts';
import { canRetry } from '@web/lib/request.ts';
import { useTranslation } from 'react-i18next';
import { Skeleton } from './Skeleton.tsx';

/** Skeleton lines (read out as 'Loading...') in place of what a page or list has not received yet. */
export function LoadingState({ testId, rows = 3 }: { testId: string; rows?: number }) {
  return <Skeleton rows={rows} testId={testId} className="list-state" />;
}

/**
 * 'Load Failed' with the reason, in place of what a page or list could not load: the one place a read's
 * error is shown (lib/request shows none). Retry only when asking again can help (no answer, 5xx).
 */
export function LoadFailed({
  testId,
  error,
  onRetry,
}: {
  testId: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="list-state" data-testid={testId} role="alert">
      <p className="error-text">{t('common.loadFailed')}</p>
      <p className="muted small">{errorText(error, t)}</p>
      {canRetry(error) && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
