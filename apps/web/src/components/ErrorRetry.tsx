import { errorText } from '@web/lib/errors.ts';
import { canRetry } from '@web/lib/request.ts';
import { useTranslation } from 'react-i18next';

/**
 * Why a part of a page could not load (the error's text), inside the card that shows that part, and a retry
 * when asking again can help (no answer, 5xx).
 */
export function ErrorRetry({
  error,
  onRetry,
  testId,
  className,
  small,
}: {
  error: unknown;
  onRetry: () => void;
  testId?: string;
  className?: string;
  /** A small retry button (a card among others). */
  small?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={className} data-testid={testId}>
      <p className="error-text">{errorText(error, t)}</p>
      {canRetry(error) && (
        <button
          type="button"
          className={small ? 'btn btn-secondary btn-small' : 'btn btn-secondary'}
          onClick={onRetry}
        >
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
