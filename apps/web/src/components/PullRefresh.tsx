import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';

/** Pull-to-refresh distance of the spec (pulling → reached at 45 px → refreshing → restoring). */
export const PULL_THRESHOLD = 45;

/** The spec's pull-to-refresh around a page's content; its texts follow antd-mobile's locale. */
export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <PullToRefresh
      threshold={PULL_THRESHOLD}
      onRefresh={async () => {
        await onRefresh();
      }}
    >
      {children}
    </PullToRefresh>
  );
}
