// A paged list of the spec: pull-to-refresh (45 px), infinite scroll at 50 px from the bottom edge,
// 'No More Data' at the end, 'No Data Available' when empty, 'Load Failed' with a retry.
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState.tsx';
import { LoadFailed, LoadingState } from './LoadState.tsx';
import { PullRefresh } from './PullRefresh.tsx';
import { Skeleton } from './Skeleton.tsx';

/** Scroll-edge distance of the spec that loads the next page. */
export const SCROLL_EDGE = 50;

export interface PagedListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The first page is loading. */
  isPending: boolean;
  /** The first page failed (a later page's failure shows at the bottom of the list). */
  error: unknown;
  hasMore: boolean;
  /** Loads the next page; rejects when it failed. */
  loadMore: () => Promise<unknown>;
  /** Reloads from the first page (pull-to-refresh, retry). */
  refresh: () => Promise<unknown>;
  /** What to show instead of the generic 'Load Failed' for some errors (a 403, say). */
  renderError?: (error: unknown) => ReactNode | undefined;
  /** Shown above the list, inside the pull-to-refresh (a summary, say). */
  header?: ReactNode;
  /** A class of the items' list besides `list` (e.g. to draw the rows as one card). */
  listClassName?: string;
  testId?: string;
}

/** What PagedList reads of a TanStack infinite query. */
interface InfiniteListQuery {
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  fetchNextPage: (options: { throwOnError: boolean }) => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/** PagedList's paging props from an infinite query: first page state, the next page (rejecting on failure), reload. */
export const pagingProps = (query: InfiniteListQuery) => ({
  isPending: query.isPending,
  error: query.error,
  hasMore: query.hasNextPage,
  loadMore: () => query.fetchNextPage({ throwOnError: true }),
  refresh: () => query.refetch(),
});

function ListFooter({ hasMore, failed, retry }: { hasMore: boolean; failed: boolean; retry: () => void }) {
  const { t } = useTranslation();
  if (!hasMore)
    return (
      <span className="muted" data-testid="list-no-more">
        {t('common.noMore')}
      </span>
    );
  if (failed)
    return (
      <button type="button" className="btn-link list-retry" data-testid="list-load-failed" onClick={retry}>
        {t('common.loadFailed')} · {t('common.retry')}
      </button>
    );
  return <Skeleton rows={1} testId="list-loading" className="list-footer-skeleton" />;
}

export function PagedList<T>(props: PagedListProps<T>) {
  let body: ReactNode;
  if (props.isPending) {
    body = <LoadingState testId="list-loading" />;
  } else if (props.error && props.items.length === 0) {
    body = props.renderError?.(props.error) ?? (
      <LoadFailed testId="list-error" error={props.error} onRetry={() => void props.refresh()} />
    );
  } else if (props.items.length === 0) {
    body = <EmptyState />;
  } else {
    body = (
      <>
        <ul className={props.listClassName ? `list ${props.listClassName}` : 'list'}>
          {props.items.map((item) => (
            <li key={props.itemKey(item)}>{props.renderItem(item)}</li>
          ))}
        </ul>
        <InfiniteScroll
          threshold={SCROLL_EDGE}
          hasMore={props.hasMore}
          loadMore={async () => void (await props.loadMore())}
        >
          {(hasMore, failed, retry) => <ListFooter hasMore={hasMore} failed={failed} retry={retry} />}
        </InfiniteScroll>
      </>
    );
  }
  return (
    <div data-testid={props.testId}>
      <PullRefresh onRefresh={props.refresh}>
        {props.header}
        {body}
      </PullRefresh>
    </div>
  );
}
