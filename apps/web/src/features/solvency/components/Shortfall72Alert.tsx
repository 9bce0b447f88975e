import type { SolvencyAsset } from '@agc/shared';
import { formatAsset } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/**
 * The 72-hour alert of one token: the treasury holds less than members can withdraw within the next 72 hours, and by
 * how much (the solvency view's `covered_72h` and `shortfall_72h`); nothing when covered. The solvency page shows it
 * in each token's card, the proof-of-liabilities page above its snapshots.
 */
export function Shortfall72Alert({ data, className }: { data: SolvencyAsset; className?: string }) {
  const { t } = useTranslation();
  if (data.covered_72h) return null;
  return (
    <p
      className={`notice card solvency-warning ${className ?? ''}`.trim()}
      role="alert"
      data-testid={`solvency-${data.asset.toLowerCase()}-warning`}
    >
      {t('solvency.warning', { asset: data.asset, amount: formatAsset(data.shortfall_72h, data.asset) })}
    </p>
  );
}
