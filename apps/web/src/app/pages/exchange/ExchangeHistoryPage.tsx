import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { flattenExchanges, useExchangeHistory } from '@web/features/exchange/api/get-exchange-history.ts';
import { ExchangeItem } from '@web/features/exchange/components/ExchangeItem.tsx';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import '@web/features/exchange/exchange.css';

/** The member's exchanges (accepted ones, newest first): pull-to-refresh, infinite scroll, 'No More Data'. */
export default function ExchangeHistoryPage() {
  const history = useExchangeHistory();
  return (
    <div className="page exchange-history">
      <PagedList
        testId="exchange-history"
        items={flattenExchanges(history.data?.pages)}
        itemKey={(e) => e.id}
        renderItem={(e) => (
          <ExchangeItem exchange={e} onOpen={(id) => openPage(withQuery(paths.exchangeResult, { id }))} />
        )}
        {...pagingProps(history)}
      />
    </div>
  );
}
