// The buy sheet: the copies stepper (1..min(copies left, limit − copies held)), what they cost and the AGC they
// lock, the member's available USDT, then Confirm buys them from available USDT in one request. A refusal (sold
// out, over the limit, not enough USDT) shows the server's message here, and the round is read again.
import type { LaunchpadPurchase, LaunchpadRound } from '@agc/shared';
import { useQuery } from '@tanstack/react-query';
import { BlockButton, CancelButton } from '@web/components/BlockButton.tsx';
import { FormError } from '@web/components/FormMessages.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { StepperField } from '@web/components/StepperField.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { errorText } from '@web/lib/errors.ts';
import { formatAgc, formatUsdt } from '@web/lib/format.ts';
import { meQueryOptions } from '@web/lib/me.ts';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuyLaunchpadCopies } from '../api/post-buy.ts';
import { agcOf, canAfford, clampCopies, costOf, maxCopies } from '../model/copies.ts';
import '../launchpad.css';

export interface BuySheetProps {
  round: LaunchpadRound;
  visible: boolean;
  onClose: () => void;
  /** The purchase went through. */
  onBought: (purchase: LaunchpadPurchase) => void;
}

function Sheet({ round, onClose, onBought }: Omit<BuySheetProps, 'visible'>) {
  const { t } = useTranslation();
  const max = maxCopies(round);
  const [text, setText] = useState('1');
  const [error, setError] = useState<unknown>(null);
  // The available USDT as it is now (another page may have moved it within /me's 30 s).
  const me = useQuery({ ...meQueryOptions, staleTime: 0 });
  const buy = useBuyLaunchpadCopies();
  const typed = /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null;
  const valid = typed !== null && typed >= 1 && typed <= max;
  const copies = valid ? typed : clampCopies(typed ?? 1, max);
  const cost = costOf(round.price_usdt, copies);
  const available = me.data?.available_profit;
  const short = valid && available !== undefined && !canAfford(available, cost);
  const set = (next: number | string) => {
    setText(String(next));
    setError(null);
  };
  const message = !valid && text.trim() !== '' ? t('launchpad.buy.range', { max }) : null;

  const confirm = async () => {
    if (!valid) return;
    setError(null);
    try {
      const result = await buy.mutateAsync({ roundId: round.id, copies: typed });
      onBought(result.purchase);
    } catch (e) {
      setError(e);
    }
  };

  return (
    <div className="checkout lp-sheet" data-testid="lp-sheet">
      <h3 className="checkout-title">{round.name}</h3>
      <StepperField
        className="lp-copies"
        label={t('launchpad.buy.copies')}
        testId="lp-copies"
        inputMode="numeric"
        maxLength={6}
        value={text}
        disabled={buy.isPending}
        onChange={set}
        onBlur={() => valid || set(clampCopies(typed ?? 1, max))}
        less={{
          label: t('launchpad.buy.less'),
          disabled: buy.isPending || copies <= 1,
          onClick: () => set(clampCopies(copies - 1, max)),
        }}
        more={{
          label: t('launchpad.buy.more'),
          disabled: buy.isPending || copies >= max,
          onClick: () => set(clampCopies(copies + 1, max)),
        }}
        message={message}
        hint={t('launchpad.buy.hint', {
          max,
          left: round.remaining,
          limit: round.per_member_limit,
          mine: round.my_copies,
        })}
      />
      <dl className="rows" data-testid="lp-sheet-figures">
        <div className="row">
          <dt>{t('launchpad.buy.cost')}</dt>
          {/* A count out of range prices nothing: no figures for copies the member did not ask for. */}
          <dd data-testid="lp-sheet-cost">{valid ? formatUsdt(cost) : '—'}</dd>
        </div>
        <ValueRow label={t('launchpad.buy.agc')} testId="lp-sheet-agc">
          {valid ? formatAgc(agcOf(round.agc_per_copy, copies)) : '—'}
        </ValueRow>
        <div className={short ? 'row lp-short' : 'row'}>
          <dt>{t('launchpad.buy.available')}</dt>
          <dd data-testid="lp-sheet-available">
            {available !== undefined ? (
              formatUsdt(available)
            ) : me.isError ? (
              t('launchpad.buy.availableUnknown')
            ) : (
              <Skeleton inline />
            )}
          </dd>
        </div>
      </dl>
      {short && available !== undefined && (
        <p className="notice card lp-warning" role="alert" data-testid="lp-sheet-short">
          {t('balance.insufficient_usdt')}
        </p>
      )}
      <p className="muted small">{t('launchpad.buy.locked')}</p>
      <FormError error={error != null ? errorText(error, t) : null} testId="lp-buy-error" />
      <BlockButton
        variant="primary"
        testId="lp-confirm"
        disabled={!valid || short || buy.isPending || max < 1}
        busy={buy.isPending}
        busyLabel={t('pay.processing')}
        onClick={() => void confirm()}
      >
        {valid ? t('launchpad.buy.confirm', { cost: formatUsdt(cost) }) : t('pay.confirm')}
      </BlockButton>
      <CancelButton testId="lp-sheet-close" disabled={buy.isPending} onClick={onClose} />
    </div>
  );
}

/** A bottom sheet with the purchase; it cannot be closed while the purchase is on its way. */
export function BuySheet({ visible, ...props }: BuySheetProps) {
  return (
    <Popup visible={visible} destroyOnClose bodyClassName="checkout-popup">
      {visible && <Sheet {...props} />}
    </Popup>
  );
}
