import '../rewards.css';
import type { IncomeSummary } from '@agc/shared';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { REWARD_KINDS } from '../format.ts';

/**
 * The income summary: what was credited in all and per kind (USDT value). It arrives with every list
 * page; `summary` is undefined until the first one did (skeletons), or for good when it `failed` (dashes).
 */
export function RewardSummary({ summary, failed }: { summary: IncomeSummary | undefined; failed?: boolean }) {
  const { t } = useTranslation();
  // Not there yet: a skeleton; the list failed (its message is below): a dash, since there is no figure.
  const value = (amount: string | undefined) =>
    amount !== undefined ? formatUsdt(amount) : failed ? '-' : <Skeleton inline />;
  return (
    <section className="card" data-testid="rewards-summary">
      <h3 className="card-title">{t('rewards.summary.title')}</h3>
      <p className="muted small">{t('rewards.summary.total')}</p>
      <p className="rewards-summary-total" data-testid="rewards-summary-total">
        {value(summary?.total)}
      </p>
      <dl className="rewards-summary-grid">
        {REWARD_KINDS.map((kind) => (
          <div key={kind}>
            <dt>{t(`rewards.kind.${kind}`)}</dt>
            <dd data-testid={`rewards-summary-${kind}`}>{value(summary?.[kind])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
