import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@web/lib/request.ts';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.tsx';
import { LoadFailed, LoadingState } from './LoadState.tsx';

/**
 * A detail page's record read by its query: "not found" (`<testIdPrefix>-not-found`) for an id the app never
 * asks about (`validId` false) and for one the server does not know (404), `<testIdPrefix>-loading` while it
 * loads, Load Failed with a retry (`<testIdPrefix>-error`) for any other failure, and `children(record)` once
 * it is there.
 */
export function DetailLoad<T>({
  query,
  validId,
  testIdPrefix,
  notFoundText,
  children,
}: {
  query: UseQueryResult<T>;
  validId: boolean;
  testIdPrefix: string;
  notFoundText: string;
  children: (record: T) => ReactNode;
}) {
  const notFound = (
    <div data-testid={`${testIdPrefix}-not-found`}>
      <EmptyState description={notFoundText} />
    </div>
  );
  if (!validId) return notFound;
  if (query.isPending) return <LoadingState testId={`${testIdPrefix}-loading`} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === 404) return notFound;
    return (
      <LoadFailed testId={`${testIdPrefix}-error`} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return children(query.data);
}
