import { BlockButton } from '@web/components/BlockButton.tsx';
import { FormError } from '@web/components/FormMessages.tsx';
import { useTranslation } from 'react-i18next';
import type { ExchangeForm } from '../hooks/use-exchange-form.ts';
import { QuoteTimer } from './QuoteCountdown.tsx';
import { QuoteRows } from './QuoteRows.tsx';

/**
 * The quote on the form: its figures and the countdown; while it holds, Exchange (off when the balance does not
 * cover what it takes); once expired, 'Quote expired' and Refresh quote.
 */
export function QuoteCard({ form }: { form: ExchangeForm }) {
  const { t } = useTranslation();
  const { quote, expired } = form;
  if (!quote) return null;
  const have = form.available(quote.from);
  return (
    <section
      className="card exchange-quote"
      data-testid="exchange-quote"
      aria-labelledby="exchange-quote-title"
    >
      <h2 id="exchange-quote-title" className="card-title">
        {t('exchange.quoteTitle')}
      </h2>
      <dl className="rows">
        <QuoteRows quote={quote} testIdPrefix="exchange-quote" />
      </dl>
      <FormError
        error={
          form.short && have !== undefined
            ? t(quote.from === 'USDT' ? 'balance.insufficient_usdt' : 'balance.insufficient_agc')
            : null
        }
        testId="exchange-quote-short"
      />
      <QuoteTimer form={form} testIdPrefix="exchange-quote" showMessage={!form.confirming} />
      {!expired && (
        <BlockButton
          variant="primary"
          testId="exchange-open-confirm"
          disabled={form.busy || form.short}
          onClick={form.openConfirm}
        >
          {t('exchange.exchangeNow')}
        </BlockButton>
      )}
    </section>
  );
}
