import type { PorLatest } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { coveragePercent } from '@web/lib/coverage.ts';
import { explorerTxUrl, formatAsset, formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/**
 * The latest published snapshot, per token: what members are owed (the root's total), the reserves read at one block,
 * the coverage; then the block, the attestation transaction and the contract, each checkable on the explorer.
 */
export function CoverageCards({ data }: { data: PorLatest }) {
  const { t } = useTranslation();
  const s = data.snapshot;
  if (!s) return null;
  return (
    <>
      {s.assets.map((a) => {
        const id = a.asset.toLowerCase();
        const covered = a.coverage_bp === null || Number(a.coverage_bp) >= 10_000;
        return (
          <section
            key={a.asset}
            className="card por-card"
            data-testid={`por-${id}`}
            aria-labelledby={`por-${id}-title`}
          >
            <div className="card-head">
              <h3 className="card-title" id={`por-${id}-title`}>
                {a.asset}
              </h3>
              <span className={covered ? 'por-ok' : 'por-bad'} data-testid={`por-${id}-coverage`}>
                {coveragePercent(a.coverage_bp) ?? t('por.nothingOwed')}
              </span>
            </div>
            <dl className="rows">
              <ValueRow label={t('por.liabilities')} testId={`por-${id}-liabilities`}>
                {formatAsset(a.liabilities, a.asset)}
              </ValueRow>
              <ValueRow label={t('por.reserves')} testId={`por-${id}-reserves`}>
                {formatAsset(a.reserves, a.asset)}
              </ValueRow>
            </dl>
          </section>
        );
      })}
      <section className="card por-card" data-testid="por-chain">
        <dl className="rows">
          <ValueRow label={t('por.snapshotLabel')}>
            {t('por.snapshot', { id: s.snapshot_id, time: formatEventTime(s.as_of, t) })}
          </ValueRow>
          <ValueRow label={t('por.reservesBlock')} testId="por-reserves-block">
            {s.reserves_block}
          </ValueRow>
          <ValueRow label={t('por.tx')}>
            <a
              href={explorerTxUrl(data.explorer_url, s.tx_hash)}
              target="_blank"
              rel="noreferrer"
              data-testid="por-tx"
            >
              {`${s.tx_hash.slice(0, 10)}…${s.tx_hash.slice(-6)}`}
            </a>
          </ValueRow>
          <ValueRow label={t('por.publishedAtLabel')}>{formatEventTime(s.published_at, t)}</ValueRow>
        </dl>
      </section>
    </>
  );
}
