import type { LaunchpadPurchase } from '@agc/shared';
import { FieldRows } from '@web/components/FieldRows.tsx';
import { formatAgc, formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/** "#12–#14" (or "#12" for one copy). */
export const copyRange = (p: Pick<LaunchpadPurchase, 'first_copy' | 'last_copy'>) =>
  p.first_copy === p.last_copy ? `#${p.first_copy}` : `#${p.first_copy}–#${p.last_copy}`;

/** A purchase's figures: copy numbers, paid, AGC bought, locked and released, the next release. */
export function PurchaseFacts({
  purchase,
  testIdPrefix,
}: {
  purchase: LaunchpadPurchase;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <FieldRows
      labelPrefix="launchpad.purchase"
      testIdPrefix={testIdPrefix}
      rows={[
        ['round', purchase.round_name],
        ['copyNumbers', copyRange(purchase)],
        ['copies', String(purchase.copies)],
        ['paid', formatUsdt(purchase.amount_usdt)],
        ['agc', formatAgc(purchase.agc)],
        ['locked', formatAgc(purchase.locked_agc)],
        ['released', formatAgc(purchase.released_agc)],
        [
          'nextRelease',
          purchase.next_release_at
            ? formatEventTime(purchase.next_release_at, t)
            : t('launchpad.purchase.allReleased'),
        ],
        ['time', formatEventTime(purchase.created_at, t)],
      ]}
    />
  );
}
