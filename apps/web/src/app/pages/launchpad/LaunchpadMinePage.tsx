import { PagedList, pagingProps } from '../../../components/PagedList.tsx';
import { flattenPurchases, useLaunchpadPurchases } from '../../../features/launchpad/api/get-purchases.ts';
import { PurchaseItem } from '../../../features/launchpad/components/PurchaseItem.tsx';
import { openPage } from '../../../lib/navigation.ts';
import { paths, withQuery } from '../../../lib/paths.ts';
import '../../../features/launchpad/launchpad.css';

/** My launchpad: my purchases, newest first, with locked and released AGC and the next release (paged). */
export default function LaunchpadMinePage() {
  const purchases = useLaunchpadPurchases();
  return (
    <div className="page launchpad-mine">
      <PagedList
        items={flattenPurchases(purchases.data?.pages)}
        itemKey={(p) => p.id}
        {...pagingProps(purchases)}
        testId="lp-purchases"
        renderItem={(p) => (
          <PurchaseItem
            purchase={p}
            onOpen={() => openPage(withQuery(paths.launchpadResult, { id: p.id }))}
          />
        )}
      />
    </div>
  );
}
