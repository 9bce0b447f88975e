import { PageLink } from '@web/components/PageLink.tsx';
import { ConfirmSheet } from '@web/features/exchange/components/ConfirmSheet.tsx';
import { ExchangeAmountForm } from '@web/features/exchange/components/ExchangeAmountForm.tsx';
import { QuoteCard } from '@web/features/exchange/components/QuoteCard.tsx';
import { useExchangeForm } from '@web/features/exchange/hooks/use-exchange-form.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import '@web/features/exchange/exchange.css';
import { PriceChartCard } from '@web/features/exchange/components/PriceChartCard.tsx';
import '@web/features/exchange/exchange.css';

/**
 * The exchange center: the form (pair, mode, amount, Max, Get quote), the quote with its countdown and the
 * confirmation, both counting one clock (`useExchangeForm`), the AGC price over 24 hours, and a link to the member's exchanges.
 */
export default function ExchangePage() {
  const { t } = useTranslation();
  const form = useExchangeForm();
  return (
    <div className="page exchange" data-testid="exchange">
      <ExchangeAmountForm form={form} />
      <QuoteCard form={form} />
      <ConfirmSheet form={form} />
      <PriceChartCard />
      <PageLink to={paths.exchangeHistory} className="btn btn-link btn-block" testId="exchange-history-link">
        {t('exchange.history')}
      </PageLink>
    </div>
  );
}
