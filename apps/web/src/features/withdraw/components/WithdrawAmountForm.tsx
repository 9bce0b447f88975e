import { formatAssetExact } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { WithdrawForm } from '../hooks/use-withdraw-form.tsx';
import { CheckRows } from './CheckRows.tsx';

const AMOUNT_MAX_LENGTH = 64;

/**
 * The amount of the withdrawal form (`useWithdrawForm`): the field with Max, the asset's minimum, the
 * error, the fee preview (dimmed and `aria-busy` while it is not the answer for the amount shown) and
 * Submit.
 */
export function WithdrawAmountForm({ form }: { form: WithdrawForm }) {
  const { t } = useTranslation();
  const { asset, standing, preview, previewStale, fieldError, busy } = form;
  return (
    <form className="card form" onSubmit={(e) => void form.submit(e)} noValidate>
      <label htmlFor="withdraw-amount-input">
        <span>{t('withdraw.amountLabel', { asset })}</span>
      </label>
      <div className="withdraw-amount-field">
        <input
          id="withdraw-amount-input"
          className="input"
          data-testid="withdraw-amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={AMOUNT_MAX_LENGTH}
          placeholder={t('withdraw.amountPlaceholder')}
          value={form.amount}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'withdraw-amount-error' : undefined}
          disabled={busy}
          onChange={(e) => form.changeAmount(e.target.value)}
        />
        <button
          type="button"
          className="btn-link withdraw-max"
          data-testid="withdraw-max"
          disabled={!standing || busy}
          onClick={form.fillMax}
        >
          {t('withdraw.max')}
        </button>
      </div>
      {fieldError && (
        <p
          id="withdraw-amount-error"
          className="field-error"
          role="alert"
          data-testid="withdraw-amount-error"
        >
          {fieldError}
        </p>
      )}
      {standing && (
        <p className="muted small withdraw-minimum" data-testid="withdraw-minimum">
          {t('withdraw.minimum', { num: formatAssetExact(standing.minimum, asset) })}
        </p>
      )}
      {preview && (
        <div
          className={previewStale ? 'withdraw-preview muted' : 'withdraw-preview'}
          data-testid="withdraw-preview"
          aria-busy={previewStale}
        >
          <CheckRows check={preview} t={t} testIdPrefix="withdraw" withAmount={false} />
          {!preview.ok && preview.msg && !fieldError && (
            <p className="muted small" data-testid="withdraw-check-msg">
              {preview.msg}
            </p>
          )}
        </div>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        data-testid="withdraw-submit"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? t('common.loading') : t('withdraw.submit')}
      </button>
    </form>
  );
}
