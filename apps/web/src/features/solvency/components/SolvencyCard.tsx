import type { SolvencyAsset } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { coveragePercent } from '@web/lib/coverage.ts';
import { formatAsset } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { Shortfall72Alert } from './Shortfall72Alert.tsx';

/**
 * One token's solvency: the treasury's balance (per holder), every liability by when it becomes payable with its
 * parts, the cumulative coverage up to each period, and whether the next 72 hours are covered (the app's warning
 * colour when not).
 */
export function SolvencyCard({ data }: { data: SolvencyAsset }) {
  const { t } = useTranslation();
  const money = (v: string) => formatAsset(v, data.asset);
  const ratio = (bp: string | null) => coveragePercent(bp) ?? t('solvency.noLiabilities');
  const id = data.asset.toLowerCase();
  return (
    <section
      className="card solvency-card"
      data-testid={`solvency-${id}`}
      aria-labelledby={`solvency-${id}-title`}
    >
      <div className="card-head">
        <h3 className="card-title" id={`solvency-${id}-title`}>
          {data.asset}
        </h3>
        <span
          className={data.covered_72h ? 'solvency-ok' : 'solvency-short'}
          data-testid={`solvency-${id}-status`}
        >
          {data.covered_72h ? t('solvency.covered72') : t('solvency.notCovered72')}
        </span>
      </div>
      <Shortfall72Alert data={data} />
      <dl className="rows">
        <ValueRow label={t('solvency.treasury')} testId={`solvency-${id}-assets`}>
          {money(data.assets)}
        </ValueRow>
        {data.holders.length > 1 &&
          data.holders.map((h) => (
            <ValueRow key={h.key} label={t(`solvency.holder.${h.key}`)}>
              {money(h.amount)}
            </ValueRow>
          ))}
        <ValueRow label={t('solvency.liabilities')} testId={`solvency-${id}-liabilities`}>
          {money(data.liabilities)}
        </ValueRow>
        <ValueRow label={t('solvency.coverage')} testId={`solvency-${id}-coverage`}>
          {ratio(data.coverage_bp)}
        </ValueRow>
        <ValueRow label={t('solvency.due72')} testId={`solvency-${id}-due72`}>
          {money(data.due_72h)}
        </ValueRow>
        {!data.covered_72h && (
          <ValueRow label={t('solvency.shortfall')} testId={`solvency-${id}-shortfall`}>
            <span className="solvency-short">{money(data.shortfall_72h)}</span>
          </ValueRow>
        )}
      </dl>
      {data.buckets.map((b) => (
        <div className="solvency-bucket" key={b.key} data-testid={`solvency-${id}-${b.key}`}>
          <div className="solvency-bucket-head">
            <h4>{t(`solvency.bucket.${b.key}`)}</h4>
            <span data-testid={`solvency-${id}-${b.key}-total`}>{money(b.total)}</span>
          </div>
          {b.parts.length === 0 ? (
            <p className="muted small">{t('solvency.empty')}</p>
          ) : (
            <dl className="rows">
              {b.parts.map((p) => (
                <ValueRow
                  key={p.key}
                  label={t(`solvency.part.${p.key}`)}
                  testId={`solvency-${id}-${b.key}-${p.key}`}
                >
                  {money(p.amount)}
                </ValueRow>
              ))}
            </dl>
          )}
          {b.coverage_bp !== null && (
            <p
              className={`small ${b.covered ? 'muted' : 'solvency-short'}`}
              data-testid={`solvency-${id}-${b.key}-cumulative`}
            >
              {t('solvency.cumulative', { amount: money(b.cumulative), coverage: ratio(b.coverage_bp) })}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
