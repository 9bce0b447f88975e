import type { PorProof } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAssetExact, formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { compareLeaf } from '../model/parts.ts';

/**
 * The member's leaf (their USDT and AGC at the snapshot) beside what the app showed them then, part by part, with
 * whether the two agree per token.
 */
export function LeafCard({ data }: { data: PorProof }) {
  const { t } = useTranslation();
  const rows = compareLeaf(data);
  return (
    <section className="card por-card" data-testid="por-leaf" aria-labelledby="por-leaf-title">
      <h3 className="card-title" id="por-leaf-title">
        {t('por.leaf')}
      </h3>
      <p className="muted small" data-testid="por-snapshot">
        {t('por.snapshot', { id: data.snapshot.snapshot_id, time: formatEventTime(data.snapshot.as_of, t) })}
      </p>
      <dl className="rows">
        {rows.map((r) => (
          <ValueRow key={r.token} label={r.token} testId={`por-leaf-${r.token.toLowerCase()}`}>
            {formatAssetExact(r.leaf, r.token)}
          </ValueRow>
        ))}
      </dl>
      <h4 className="por-subtitle">{t('por.shown')}</h4>
      {data.parts.length === 0 ? (
        <p className="muted small">{t('por.nothingOwed')}</p>
      ) : (
        <dl className="rows" data-testid="por-parts">
          {data.parts.map((p) => (
            <ValueRow key={`${p.key}-${p.asset}`} label={t(`solvency.part.${p.key}`)}>
              {formatAssetExact(p.amount, p.asset)}
            </ValueRow>
          ))}
        </dl>
      )}
      <ul className="por-match">
        {rows.map((r) => (
          <li
            key={r.token}
            data-testid={`por-match-${r.token.toLowerCase()}`}
            className={r.same ? 'por-ok' : 'por-bad'}
          >
            {t(r.same ? 'por.match' : 'por.mismatch', {
              token: r.token,
              amount: formatAssetExact(r.shown, r.token),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
