import { PagedList, pagingProps } from '../../../components/PagedList.tsx';
import { flattenExchanges, useExchangeHistory } from '../../../features/exchange/api/get-exchange-history.ts';
import { ExchangeItem } from '../../../features/exchange/components/ExchangeItem.tsx';
import { openPage } from '../../../lib/navigation.ts';
import { paths, withQuery } from '../../../lib/paths.ts';
import '../../../features/exchange/exchange.css';

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
