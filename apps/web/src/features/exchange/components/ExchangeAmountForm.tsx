import { AmountField } from '@web/components/AmountField.tsx';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatAsset } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { ExchangeForm } from '../hooks/use-exchange-form.ts';
import type { ExchangeMode } from '../model/amount.ts';

const AMOUNT_MAX_LENGTH = 64;
const MODES = ['in', 'out'] as const satisfies readonly ExchangeMode[];

/** The arrows of the switch button. */
function SwapIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M7 4v14m0 0-3-3m3 3 3-3M17 20V6m0 0-3 3m3-3 3 3"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The pair (from → to, with the available balance of each and the switch button), the mode (I pay / I receive),
 * the amount with Max, the field's message and Get quote.
 */
export function ExchangeAmountForm({ form }: { form: ExchangeForm }) {
  const { t } = useTranslation();
  const { info, from, to, busy } = form;
  const balance = (asset: typeof from, testId: string) => {
    const value = form.available(asset);
    return (
      <span className="exchange-available small" data-testid={testId}>
        <span className="muted">{t('exchange.available')}</span>{' '}
        {value !== undefined ? formatAsset(value, asset) : info.isError ? '-' : <Skeleton inline />}
      </span>
    );
  };
  return (
    <form className="card form exchange-form" onSubmit={(e) => void form.requestQuote(e)} noValidate>
      <div className="exchange-pair">
        <div className="exchange-side">
          <span className="muted small">{t('exchange.from')}</span>
          <strong className="exchange-asset" data-testid="exchange-from">
            {from}
          </strong>
          {balance(from, 'exchange-available-from')}
        </div>
        <button
          type="button"
          className="icon-button exchange-switch"
          data-testid="exchange-switch"
          aria-label={t('exchange.switch', { from: to, to: from })}
          disabled={busy}
          onClick={form.switchPair}
        >
          <SwapIcon />
        </button>
        <div className="exchange-side exchange-side--to">
          <span className="muted small">{t('exchange.to')}</span>
          <strong className="exchange-asset" data-testid="exchange-to">
            {to}
          </strong>
          {balance(to, 'exchange-available-to')}
        </div>
      </div>
      {info.isError && (
        <ErrorRetry
          error={info.error}
          onRetry={() => void info.refetch()}
          testId="exchange-info-error"
          className="exchange-info-error"
          small
        />
      )}
      <Segmented
        options={MODES.map((key) => ({ key, label: t(`exchange.mode.${key}`) }))}
        value={form.mode}
        onChange={form.changeMode}
        label={t('exchange.modeLabel')}
        testIdPrefix="exchange-mode"
        disabled={busy}
        radio
      />
      <AmountField
        label={t('exchange.amountLabel', { asset: form.asset })}
        testId="exchange-amount"
        value={form.amount}
        onChange={form.changeAmount}
        placeholder={t('exchange.amountPlaceholder')}
        maxLength={AMOUNT_MAX_LENGTH}
        disabled={busy}
        error={form.fieldError}
        unit={form.asset}
        fill={{
          label: t('exchange.max'),
          testId: 'exchange-max',
          disabled: form.available(from) === undefined || busy,
          onClick: form.fillMax,
        }}
      />
      <BlockButton
        variant="primary"
        type="submit"
        testId="exchange-get-quote"
        disabled={busy}
        busy={form.quoting}
      >
        {t('exchange.getQuote')}
      </BlockButton>
    </form>
  );
}
