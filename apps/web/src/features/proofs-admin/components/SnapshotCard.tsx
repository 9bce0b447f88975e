import { type AdminPorSnapshot, ellipsisMiddle, type PorSnapshotStatus } from '@agc/shared';
import { StatusTag, type StatusTone } from '@web/components/StatusTag.tsx';
import { TxHashLink } from '@web/components/TxHashLink.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAsset, formatAssetExact, formatCount, formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/** Each status in the app's tones: under way blue, waiting amber, published green, wrong red (and bold, the CSS). */
const SNAPSHOT_TONE: Record<PorSnapshotStatus, StatusTone> = {
  building: 'info',
  publishing: 'info',
  built: 'warning',
  published: 'success',
  unbalanced: 'danger',
  failed: 'danger',
  conflict: 'danger',
};

const ASSETS = [
  { asset: 'USDT', total: 'total_usdt', solvency: 'solvency_usdt', reserves: 'reserves_usdt' },
  { asset: 'AGC', total: 'total_agc', solvency: 'solvency_agc', reserves: 'reserves_agc' },
] as const;

/**
 * One proof-of-liabilities snapshot as admins read it: its status, the settled day it follows (or that it was taken on
 * request), when it was read, how many members it counts, per token the tree's total against the solvency view's
 * liabilities read in the same snapshot (they must be equal) and the reserves with their block, the attestation
 * transaction, and why it does not balance or was not published. `onRepublish` (an admin, a failed publication) adds
 * Re-publish.
 */
export function SnapshotCard({
  snapshot: s,
  explorerUrl,
  onRepublish,
  busy,
}: {
  snapshot: AdminPorSnapshot;
  explorerUrl?: string;
  onRepublish?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const id = `por-snapshot-${s.snapshot_id}`;
  const reasons = s.error === null ? [] : s.status === 'unbalanced' ? s.error.split('; ') : [s.error];
  return (
    <article className="card por-snapshot" data-testid={id} data-status={s.status}>
      <div className="card-head">
        <h3 className="card-title">{t('porAdmin.snapshot', { id: s.snapshot_id })}</h3>
        <StatusTag
          status={`por-${s.status}`}
          label={t(`porAdmin.status.${s.status}`)}
          testId={`${id}-status`}
          tone={SNAPSHOT_TONE[s.status]}
        />
      </div>
      <dl className="rows">
        <ValueRow label={t('porAdmin.day')} testId={`${id}-day`}>
          {s.day ?? t('porAdmin.onRequest')}
        </ValueRow>
        <ValueRow label={t('porAdmin.asOf')} testId={`${id}-as-of`}>
          {formatEventTime(s.as_of ?? s.created_at, t)}
        </ValueRow>
        {s.members !== null && (
          <ValueRow label={t('porAdmin.members')} testId={`${id}-members`}>
            {formatCount(s.members)}
          </ValueRow>
        )}
      </dl>
      {ASSETS.map(({ asset, total, solvency, reserves }) => {
        const owed = s[total];
        const view = s[solvency];
        if (owed === null && view === null && s[reserves] === null) return null;
        const mismatch = owed !== null && view !== null && owed !== view;
        // Every digit where the two differ: a difference of one unit must not look like none.
        const money = (v: string | null) =>
          v === null ? '-' : mismatch ? formatAssetExact(v, asset) : formatAsset(v, asset);
        const key = `${id}-${asset.toLowerCase()}`;
        return (
          <section className="por-snapshot-asset" key={asset} data-testid={key}>
            <h4>{asset}</h4>
            <dl className="rows">
              <ValueRow label={t('porAdmin.total')} testId={`${key}-total`}>
                <span className={mismatch ? 'por-snapshot-mismatch' : undefined}>{money(owed)}</span>
              </ValueRow>
              <ValueRow label={t('porAdmin.solvency')} testId={`${key}-solvency`}>
                {money(view)}
              </ValueRow>
              <ValueRow label={t('porAdmin.reserves')} testId={`${key}-reserves`}>
                {money(s[reserves])}
              </ValueRow>
            </dl>
            {mismatch && (
              <p className="small por-snapshot-mismatch" data-testid={`${key}-mismatch`}>
                {t('porAdmin.mismatch')}
              </p>
            )}
          </section>
        );
      })}
      {(s.reserves_block ?? s.root_hash ?? s.tx_hash ?? s.published_at) !== null && (
        <dl className="rows por-snapshot-chain">
          {s.reserves_block !== null && (
            <ValueRow label={t('porAdmin.reservesBlock')} testId={`${id}-reserves-block`}>
              {s.reserves_block}
            </ValueRow>
          )}
          {s.root_hash !== null && (
            <ValueRow label={t('porAdmin.root')} testId={`${id}-root`}>
              <span title={s.root_hash}>{ellipsisMiddle(s.root_hash)}</span>
            </ValueRow>
          )}
          {s.tx_hash !== null && (
            <ValueRow label={t('porAdmin.tx')}>
              <TxHashLink hash={s.tx_hash} explorerUrl={explorerUrl} testId={`${id}-tx`} />
            </ValueRow>
          )}
          {s.sends > 1 && (
            <ValueRow label={t('porAdmin.sends')} testId={`${id}-sends`}>
              {s.sends}
            </ValueRow>
          )}
          {s.published_at !== null && (
            <ValueRow label={t('porAdmin.published')} testId={`${id}-published`}>
              {t('porAdmin.publishedValue', {
                time: formatEventTime(s.published_at, t),
                block: s.published_block ?? '-',
              })}
            </ValueRow>
          )}
        </dl>
      )}
      {reasons.length > 0 && (
        <div className="por-snapshot-reasons" data-testid={`${id}-reasons`}>
          <h4>{t(`porAdmin.why.${s.status === 'unbalanced' ? 'unbalanced' : 'other'}`)}</h4>
          <ul>
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      {onRepublish && (
        <div className="audit-actions">
          <button
            type="button"
            className="btn btn-primary btn-small"
            data-testid={`${id}-republish`}
            disabled={busy}
            onClick={onRepublish}
          >
            {t('porAdmin.republish')}
          </button>
        </div>
      )}
    </article>
  );
}
