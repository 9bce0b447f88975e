import type { LaunchpadPurchase } from '@agc/shared';
import { ItemButton } from '@web/components/ItemButton.tsx';
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
      <span className="order-item-row">
        <span className="muted">{t('launchpad.purchase.paid')}</span>
        <span data-testid="lp-purchase-paid">{formatUsdt(purchase.amount_usdt)}</span>
      </span>
      <span className="order-item-row">
        <span className="muted">{t('launchpad.purchase.locked')}</span>
        <span data-testid="lp-purchase-locked">{formatAgc(purchase.locked_agc)}</span>
      </span>
      <span className="order-item-row">
        <span className="muted">{t('launchpad.purchase.released')}</span>
        <span data-testid="lp-purchase-released">{formatAgc(purchase.released_agc)}</span>
      </span>
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
