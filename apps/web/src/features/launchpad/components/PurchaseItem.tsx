import type { LaunchpadPurchase } from '@agc/shared';
import { ItemButton, ItemRow } from '@web/components/ItemButton.tsx';
import { formatAgc, formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { copyRange } from './PurchaseFacts.tsx';
import '../launchpad.css';

/** One purchase of "My launchpad": round, copy numbers, paid, locked and released AGC, the next release. */
export function PurchaseItem({ purchase, onOpen }: { purchase: LaunchpadPurchase; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <ItemButton className="lp-purchase" data-testid={`lp-purchase-${purchase.id}`} onClick={onOpen}>
      <span className="order-item-head">
        <span className="order-item-name">{purchase.round_name}</span>
        <span data-testid="lp-purchase-copies">{copyRange(purchase)}</span>
      </span>
      <ItemRow label={t('launchpad.purchase.paid')} testId="lp-purchase-paid">
        {formatUsdt(purchase.amount_usdt)}
      </ItemRow>
      <ItemRow label={t('launchpad.purchase.locked')} testId="lp-purchase-locked">
        {formatAgc(purchase.locked_agc)}
      </ItemRow>
      <ItemRow label={t('launchpad.purchase.released')} testId="lp-purchase-released">
        {formatAgc(purchase.released_agc)}
      </ItemRow>
      <span className="order-item-row">
        <span className="muted">{t('launchpad.purchase.nextRelease')}</span>
        <span data-testid="lp-purchase-next">
          {purchase.next_release_at
            ? formatEventTime(purchase.next_release_at, t)
            : t('launchpad.purchase.allReleased')}
        </span>
      </span>
    </ItemButton>
  );
}
