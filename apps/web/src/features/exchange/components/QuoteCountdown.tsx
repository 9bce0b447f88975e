import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../lib/use-countdown.ts';

/**
 * The time a quote has left (`left`, ms, from the page's one countdown), or 'Quote expired' at 0. Announced to
 * screen readers only when it expires, not every second.
 */
export function QuoteCountdown({ left, testId }: { left: number; testId: string }) {
  const { t } = useTranslation();
  if (left <= 0)
    return (
      <p
        className="exchange-countdown exchange-countdown--expired"
        role="alert"
        data-testid={`${testId}-expired`}
      >
        {t('exchange.expired')}
      </p>
    );
  return (
    <p className="exchange-countdown" data-testid={testId}>
      <span className="muted">{t('exchange.expiresIn')}</span>{' '}
      <time data-testid={`${testId}-time`} aria-live="off">
        {formatCountdown(left)}
      </time>
    </p>
  );
}
