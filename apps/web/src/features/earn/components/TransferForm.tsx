import { AmountField } from '@web/components/AmountField.tsx';
import { BlockButton } from '@web/components/BlockButton.tsx';
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
      <AmountField
        label={t('earn.form.amount')}
        testId="earn-amount"
        value={form.amount}
        onChange={form.changeAmount}
        placeholder={t('earn.form.placeholder')}
        maxLength={AMOUNT_MAX_LENGTH}
        disabled={busy}
        error={fieldError}
        fill={{
          label: t(out ? 'earn.form.max' : 'earn.form.all'),
          testId: 'earn-fill',
          disabled: form.limit === undefined || busy,
          onClick: form.fill,
        }}
      />
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
      <BlockButton variant="primary" type="submit" testId="earn-submit" busy={busy}>
        {t(out ? 'earn.transferOut' : 'earn.transferIn')}
      </BlockButton>
    </form>
  );
}
