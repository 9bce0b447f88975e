import type { ReactNode } from 'react';
import { PageLink } from './PageLink.tsx';

/** Where a link goes (a tab page with `tab`), what it says and its test id. */
export interface LinkTarget {
  to: string;
  label: ReactNode;
  testId: string;
  tab?: boolean;
}

/** A result page's closing buttons: the way on (primary, full width), then a plain link under it. */
export function ResultLinks({ main, link }: { main: LinkTarget; link: LinkTarget }) {
  return (
    <>
      <PageLink to={main.to} tab={main.tab} className="btn btn-primary btn-block" testId={main.testId}>
        {main.label}
      </PageLink>
      <PageLink to={link.to} tab={link.tab} className="btn btn-link btn-block" testId={link.testId}>
        {link.label}
      </PageLink>
    </>
  );
}
