import { ellipsisMiddle } from '@agc/shared';
import { explorerTxUrl } from '@web/lib/format.ts';

/** A transaction hash, shortened, linking to the explorer of /api/v1/config. */
export function TxHashLink({
  hash,
  explorerUrl,
  testId,
}: {
  hash: string;
  explorerUrl?: string;
  testId?: string;
}) {
  if (!explorerUrl) return <span data-testid={testId}>{ellipsisMiddle(hash)}</span>;
  return (
    <a
      href={explorerTxUrl(explorerUrl, hash)}
      target="_blank"
      rel="noreferrer"
      data-testid={testId}
      title={hash}
    >
      {ellipsisMiddle(hash)}
    </a>
  );
}
