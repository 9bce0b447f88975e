import type { ExchangeQuote } from '@agc/shared';
import { ItemButton, ItemRow } from '@web/components/ItemButton.tsx';
import { formatAsset, formatCount, formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/**
 * One exchange of the history (`exchange-item-<id>`): the pair and the member's own number of it ("#3"), what was
 * paid and what arrived, when; opens it.
 */
export function ExchangeItem({
  exchange: e,
  onOpen,
}: {
  exchange: ExchangeQuote;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ItemButton className="exchange-item" data-testid={`exchange-item-${e.id}`} onClick={() => onOpen(e.id)}>
      <span className="order-item-head">
        <span className="order-item-name" data-testid="exchange-item-pair">
          {t('exchange.pair', { from: e.from, to: e.to })}
          {e.number !== null && (
            <span className="muted exchange-item-number" data-testid="exchange-item-number">
              {t('exchange.numberValue', { number: formatCount(e.number) })}
            </span>
          )}
        </span>
        <span className="muted small" data-testid="exchange-item-time">
          {formatEventTime(e.accepted_at ?? e.created_at, t)}
        </span>
      </span>
      <ItemRow label={t('exchange.paid')} testId="exchange-item-paid">
        {formatAsset(e.amount_in, e.from)}
      </ItemRow>
      <span className="order-item-row">
        <span className="muted">{t('exchange.received')}</span>
        <span className="exchange-item-received" data-testid="exchange-item-received">
          {formatAsset(e.amount_out, e.to)}
        </span>
      </span>
    </ItemButton>
  );
}
