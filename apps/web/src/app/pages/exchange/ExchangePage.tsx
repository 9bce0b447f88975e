import { useTranslation } from 'react-i18next';
import { PageLink } from '../../../components/PageLink.tsx';
import { ConfirmSheet } from '../../../features/exchange/components/ConfirmSheet.tsx';
import { ExchangeAmountForm } from '../../../features/exchange/components/ExchangeAmountForm.tsx';
import { PriceChartCard } from '../../../features/exchange/components/PriceChartCard.tsx';
import { QuoteCard } from '../../../features/exchange/components/QuoteCard.tsx';
import { useExchangeForm } from '../../../features/exchange/hooks/use-exchange-form.ts';
import { paths } from '../../../lib/paths.ts';
import '../../../features/exchange/exchange.css';

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
