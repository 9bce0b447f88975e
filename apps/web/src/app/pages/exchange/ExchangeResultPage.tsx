import { DetailLoad } from '@web/components/DetailLoad.tsx';
import { ResultLinks } from '@web/components/ResultLinks.tsx';
import { ResultPage } from '@web/components/ResultPage.tsx';
import { useExchangeQuote } from '@web/features/exchange/api/get-exchange-quote.ts';
import { ExchangeDetail } from '@web/features/exchange/components/ExchangeDetail.tsx';
import { QuoteCountdown } from '@web/features/exchange/components/QuoteCountdown.tsx';
import { useQuoteCountdown } from '@web/features/exchange/hooks/use-quote-countdown.ts';
import { clocked, localDeadline } from '@web/features/exchange/model/quote-clock.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '@web/features/exchange/exchange.css';

const ID = /^\d{1,18}$/;

/**
 * An exchange (`?id=`), following its state from the server: Accepted is the result (the check, what was paid,
 * the fee, what arrived, the rate, the time); a quote never accepted says so: Open (read again until it is final,
 * with its time left) or Expired, nothing exchanged, with a way to a new exchange.
 */
export default function ExchangeResultPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const raw = search.get('id');
  const id = raw && ID.test(raw) ? raw : null;
  const query = useExchangeQuote(id);
  const quote = query.data;
  const left = useQuoteCountdown(
    quote?.status === 'Open' ? localDeadline(clocked(quote, query.dataUpdatedAt)) : null,
  );

  if (quote?.status === 'Accepted')
    return (
      <ResultPage
        testId="exchange-result"
        className="exchange-result"
        title={t('exchange.result.accepted')}
        listLabel={t('exchange.history')}
        listPath={paths.exchangeHistory}
      >
        <ExchangeDetail exchange={quote} />
      </ResultPage>
    );

  return (
    <div className="page exchange-result" data-testid="exchange-result-page">
      <DetailLoad
        query={query}
        validId={id !== null}
        testIdPrefix="exchange-result"
        notFoundText={t('exchange.result.notFound')}
      >
        {(q) => (
          <section className="card" data-testid="exchange-result-unaccepted" data-status={q.status}>
            <h2 className="card-title">
              {q.status === 'Open' ? t('exchange.result.open') : t('exchange.result.expired')}
            </h2>
            <p className="muted">{t('exchange.result.nothingExchanged')}</p>
            {q.status === 'Open' && <QuoteCountdown left={left} testId="exchange-result-countdown" />}
            <ExchangeDetail exchange={q} />
          </section>
        )}
      </DetailLoad>
      <ResultLinks
        main={{ to: paths.exchange, label: t('exchange.result.newExchange'), testId: 'exchange-result-new' }}
        link={{ to: paths.exchangeHistory, label: t('exchange.history'), testId: 'exchange-result-history' }}
      />
    </div>
  );
}
