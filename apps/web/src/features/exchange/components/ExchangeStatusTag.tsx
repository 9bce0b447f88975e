import type { ExchangeQuote } from '@agc/shared';
import { StatusTag, type StatusTone } from '@web/components/StatusTag.tsx';
import { useTranslation } from 'react-i18next';

const TONE: Record<ExchangeQuote['status'], StatusTone> = {
  Open: 'info',
  Accepted: 'success',
  Expired: 'neutral',
};

/** Open / Accepted / Expired in its colour (`exchange.status.*`). */
export function ExchangeStatusTag({ status, testId }: { status: ExchangeQuote['status']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusTag
      status={`exchange-${status}`}
      label={t(`exchange.status.${status}`)}
      testId={testId}
      tone={TONE[status]}
    />
  );
}
