import { AmountField } from '@web/components/AmountField.tsx';
import { BlockButton } from '@web/components/BlockButton.tsx';
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
      <AmountField
        label={t('withdraw.amountLabel', { asset })}
        testId="withdraw-amount"
        value={form.amount}
        onChange={form.changeAmount}
        placeholder={t('withdraw.amountPlaceholder')}
        maxLength={AMOUNT_MAX_LENGTH}
        disabled={busy}
        error={fieldError}
        fill={{
          label: t('withdraw.max'),
          testId: 'withdraw-max',
          disabled: !standing || busy,
          onClick: form.fillMax,
        }}
      />
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
      <BlockButton variant="primary" type="submit" testId="withdraw-submit" busy={busy}>
        {t('withdraw.submit')}
      </BlockButton>
    </form>
  );
}
