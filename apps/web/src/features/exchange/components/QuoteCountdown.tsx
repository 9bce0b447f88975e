import { BlockButton } from '@web/components/BlockButton.tsx';
import { formatCountdown } from '@web/lib/use-countdown.ts';
import { useTranslation } from 'react-i18next';
import type { ExchangeForm } from '../hooks/use-exchange-form.ts';

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

/**
 * What the quote's time says, alike on the form and in the confirmation: the countdown (the page's one clock), the
 * refusal of the last accept (`showMessage`), and once expired Refresh quote (`<testIdPrefix>-refresh`).
 */
export function QuoteTimer({
  form,
  testIdPrefix,
  showMessage = true,
}: {
  form: ExchangeForm;
  testIdPrefix: string;
  showMessage?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <QuoteCountdown left={form.expired ? 0 : form.left} testId={`${testIdPrefix}-countdown`} />
      {showMessage && form.acceptMessage && (
        <p className="error-text" role="alert" data-testid={`${testIdPrefix}-error`}>
          {form.acceptMessage}
        </p>
      )}
      {form.expired && (
        <BlockButton
          variant="primary"
          testId={`${testIdPrefix}-refresh`}
          disabled={form.busy}
          busy={form.quoting}
          onClick={() => void form.requestQuote()}
        >
          {t('exchange.refresh')}
        </BlockButton>
      )}
    </>
  );
}
