import { PageLink } from '@web/components/PageLink.tsx';
import { paths, withQuery } from '@web/lib/paths.ts';
import type { ReactNode } from 'react';

/** A link to the result page of one of the wallet's transactions (what became of it). */
export function TxResultLink(props: {
  hash: string;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <PageLink
      to={withQuery(paths.localWalletResult, { hash: props.hash })}
      className={props.className}
      testId={props.testId}
    >
      {props.children}
    </PageLink>
  );
}
