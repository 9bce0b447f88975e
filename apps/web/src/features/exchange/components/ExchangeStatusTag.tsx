import type { ExchangeQuote } from '@agc/shared';
import { StatusTag } from '@web/components/StatusTag.tsx';
import { useTranslation } from 'react-i18next';

/** Open / Accepted / Expired in its colour (`exchange.status.*`). */
export function ExchangeStatusTag({ status, testId }: { status: ExchangeQuote['status']; testId?: string }) {
  const { t } = useTranslation();
  return <StatusTag status={`exchange-${status}`} label={t(`exchange.status.${status}`)} testId={testId} />;
}
