import { openPage, openTab } from '@web/lib/navigation.ts';
import type { ReactNode } from 'react';

/** A button that opens a page (navigateTo), or a tab page with `tab` (switchTab). */
export function PageLink({
  to,
  tab,
  className,
  testId,
  children,
}: {
  to: string;
  tab?: boolean;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      onClick={() => (tab ? openTab(to) : openPage(to))}
    >
      {children}
    </button>
  );
}
