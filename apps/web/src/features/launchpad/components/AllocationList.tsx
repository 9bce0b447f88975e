import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { formatEventTime } from '@web/lib/format.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenAllocations, useLaunchpadAllocations } from '../api/get-allocations.ts';
import '../launchpad.css';

/**
 * The public allocation list of a round: copy number, short address, time; paged (infinite scroll, 'No More
 * Data' at the end), under `header` (the round), all in one pull-to-refresh that also runs `onRefresh`.
 */
export function AllocationList({
  roundId,
  header,
  onRefresh,
}: {
  roundId: number;
  header?: ReactNode;
  onRefresh?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const allocations = useLaunchpadAllocations(roundId);
  const paging = pagingProps(allocations);
  return (
    <PagedList
      items={flattenAllocations(allocations.data?.pages)}
      itemKey={(a) => String(a.copy_no)}
      {...paging}
      refresh={() => Promise.all([paging.refresh(), onRefresh?.()])}
      testId="lp-allocations"
      listClassName="lp-allocations-card"
      header={
        <>
          {header}
          <h2 className="lp-section-title">{t('launchpad.allocations.title')}</h2>
          <div className="lp-allocation lp-allocation-head muted small">
            <span>{t('launchpad.allocations.copyNo')}</span>
            <span>{t('launchpad.allocations.address')}</span>
            <span>{t('launchpad.allocations.time')}</span>
          </div>
        </>
      }
      renderItem={(a) => (
        <div className="lp-allocation" data-testid="lp-allocation" data-copy={a.copy_no}>
          <span className="lp-allocation-no">#{a.copy_no}</span>
          <span className="lp-allocation-address">{a.address}</span>
          <span className="muted small">{formatEventTime(a.created_at, t)}</span>
        </div>
      )}
    />
  );
}
