import { FoundTabs } from '@web/components/FoundTabs.tsx';
import { PullRefresh } from '@web/components/PullRefresh.tsx';
import { useFundProducts } from '@web/features/funds/api/get-fund-products.ts';
import { FundProductList } from '@web/features/funds/components/FundProductList.tsx';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';

/** Found home (the Products tab): the funds on sale; a fund opens its detail. */
export default function FoundHomePage() {
  const products = useFundProducts();
  return (
    <div className="page found-home">
      <FoundTabs active={0} />
      <PullRefresh onRefresh={() => products.refetch()}>
        <FundProductList onOpen={(id) => openPage(withQuery(paths.fundProductDetail, { id }))} />
      </PullRefresh>
    </div>
  );
}
