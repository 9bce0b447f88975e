import { useQuery } from '@tanstack/react-query';
import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { flattenPurchases, useLaunchpadPurchases } from '@web/features/launchpad/api/get-purchases.ts';
import { PurchaseItem } from '@web/features/launchpad/components/PurchaseItem.tsx';
import { formatAgc } from '@web/lib/format.ts';
import { meQueryOptions } from '@web/lib/me.ts';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import '@web/features/launchpad/launchpad.css';

/**
 * My launchpad: the AGC still locked over every round (/me), then my purchases, newest first, with locked and
 * released AGC and the next release (paged, pull-to-refresh).
 */
export default function LaunchpadMinePage() {
  const { t } = useTranslation();
  const purchases = useLaunchpadPurchases();
  // As it is now: a release may have moved some to available since /me was last read.
  const me = useQuery({ ...meQueryOptions, staleTime: 0 });
  return (
    <div className="page launchpad-mine">
      <PagedList
        items={flattenPurchases(purchases.data?.pages)}
        itemKey={(p) => p.id}
        {...pagingProps(purchases)}
        refresh={() => Promise.all([purchases.refetch(), me.refetch()])}
        testId="lp-purchases"
        header={
          <section className="card">
            <dl className="rows">
              <ValueRow label={t('launchpad.mine.lockedTotal')} testId="lp-mine-locked">
                {me.data ? formatAgc(me.data.launchpad_locked_agc) : me.isError ? '-' : <Skeleton inline />}
              </ValueRow>
            </dl>
          </section>
        }
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
