import type { ExchangeQuote } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@web/components/StatusTag.tsx';

/** Open / Accepted / Expired in its colour (`exchange.status.*`). */
export function ExchangeStatusTag({ status, testId }: { status: ExchangeQuote['status']; testId?: string }) {
  const { t } = useTranslation();
  return <StatusTag status={`exchange-${status}`} label={t(`exchange.status.${status}`)} testId={testId} />;
}
