import { shortAddress } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { Verdict } from '../model/verify.ts';

/**
 * Verified or not, and why: the root read from the chain (hash, the contract, when it was published) or the reason
 * in words with the verifier's detail under it.
 */
export function VerdictCard({
  verdict,
  pending,
  contract,
  testId,
}: {
  verdict: Verdict | undefined;
  pending: boolean;
  contract: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  if (pending || !verdict)
    return (
      <p className="por-verdict muted" data-testid={`${testId}-pending`} aria-live="polite">
        {t('por.verifying')}
      </p>
    );
  if (!verdict.ok)
    return (
      <section className="por-verdict por-verdict--bad" data-testid={testId} role="alert">
        <p className="por-verdict-title" data-testid={`${testId}-status`}>
          {t('por.notVerified')}
        </p>
        <p data-testid={`${testId}-reason`}>{t(`por.reason.${verdict.reason}`)}</p>
        <p className="muted small por-detail">{verdict.detail}</p>
      </section>
    );
  const when = new Date(Number(verdict.published.publishedAt) * 1000)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');
  return (
    <section className="por-verdict por-verdict--ok" data-testid={testId} aria-live="polite">
      <p className="por-verdict-title" data-testid={`${testId}-status`}>
        {t('por.verified')}
      </p>
      <p>{t('por.verifiedDetail')}</p>
      <dl className="rows">
        <ValueRow label={t('por.root')}>
          <span className="por-hash">{shortAddress(verdict.rootHash)}</span>
        </ValueRow>
        {contract && <ValueRow label={t('por.contract')}>{shortAddress(contract)}</ValueRow>}
        <ValueRow label={t('por.publishedAt')}>
          {formatEventTime(Number(verdict.published.publishedAt), t)}
        </ValueRow>
      </dl>
    </section>
  );
}
