import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { TransferForm as Form } from '../hooks/use-transfer-form.tsx';

const AMOUNT_MAX_LENGTH = 64;

/**
 * A transfer form (`useTransferForm`): what it can take (available USDT in, the holding out), the amount with
 * All / Max, the field's one error, for a transfer out the rule and the arrival of the amount typed, and the
 * button.
 */
export function TransferForm({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { summary, direction, busy, fieldError, preview } = form;
  const out = direction === 'out';
  const id = `earn-amount-${direction}`;
  let standing: React.ReactNode;
  if (summary.isPending) standing = <Skeleton rows={1} testId="earn-form-loading" />;
  else if (summary.isError)
    standing = (
      <ErrorRetry
        error={summary.error}
        onRetry={() => void summary.refetch()}
        testId="earn-form-error"
        small
      />
    );
  else
    standing = (
      <p className="muted small" data-testid="earn-form-limit">
        {t(out ? 'earn.form.holding' : 'earn.form.available', { num: formatUsdt(form.limit ?? '0') })}
      </p>
    );
  return (
    <form className="card form earn-form" onSubmit={(e) => void form.submit(e)} noValidate>
      {standing}
      <label htmlFor={id}>
        <span>{t('earn.form.amount')}</span>
      </label>
      <div className="earn-amount-field">
        <input
          id={id}
          className="input"
          data-testid="earn-amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={AMOUNT_MAX_LENGTH}
          placeholder={t('earn.form.placeholder')}
          value={form.amount}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          disabled={busy}
          onChange={(e) => form.changeAmount(e.target.value)}
        />
        <button
          type="button"
          className="btn-link earn-fill"
          data-testid="earn-fill"
          disabled={form.limit === undefined || busy}
          onClick={form.fill}
        >
          {t(out ? 'earn.form.max' : 'earn.form.all')}
        </button>
      </div>
      {fieldError && (
        <p id={`${id}-error`} className="field-error" role="alert" data-testid="earn-amount-error">
          {fieldError}
        </p>
      )}
      {out && summary.data && (
        <p className="muted small" data-testid="earn-out-rule">
          {t('earn.form.rule', {
            limit: formatUsdt(summary.data.fast_limit_usdt),
            minutes: t('count.minute', { count: summary.data.fast_delay_minutes }),
            days: t('count.day', { count: summary.data.slow_delay_days }),
          })}
        </p>
      )}
      {preview && !fieldError && (
        <p
          className={form.previewStale ? 'earn-preview muted' : 'earn-preview'}
          aria-busy={form.previewStale}
          data-testid="earn-out-preview"
        >
          {t('earn.arrives', { time: formatEventTime(preview.arrives_at, t) })}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        data-testid="earn-submit"
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? t('common.loading') : t(out ? 'earn.transferOut' : 'earn.transferIn')}
      </button>
    </form>
  );
}
