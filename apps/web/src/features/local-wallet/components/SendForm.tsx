import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatAsset } from '@web/lib/format.ts';
import { LOCAL_ASSETS } from '@web/lib/wallet/local-chain.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendForm as Form } from '../hooks/send-form.ts';
import { FeeRows } from './FeeRows.tsx';
import { AddressField } from './FormParts.tsx';
import { PendingNotice } from './PendingNotice.tsx';

const AMOUNT_MAX_LENGTH = 64;

/** The send form: asset, recipient, amount with Max, balance, fee estimate, warnings and errors, then Next. */
export function SendForm({ form }: { form: Form }) {
  const { t } = useTranslation();
  const amountId = useId();
  const amountErrorId = useId();
  const balance = form.balances.data?.[form.asset];
  return (
    <form className="card form send-form" onSubmit={form.submit} noValidate data-testid="send-form">
      <Segmented
        options={LOCAL_ASSETS.map((key) => ({ key, label: key }))}
        value={form.asset}
        onChange={form.changeAsset}
        label={t('localWalletPages.send.asset')}
        testIdPrefix="send-asset"
        disabled={form.sending}
      />
      <p className="send-balance small" data-testid="send-balance">
        <span className="muted">{t('localWalletPages.send.balance')}</span>{' '}
        {balance !== undefined ? (
          formatAsset(balance, form.asset)
        ) : form.balances.isError ? (
          '-'
        ) : (
          <Skeleton inline />
        )}
      </p>
      {form.balances.isError && (
        <ErrorRetry error={form.balances.error} onRetry={() => void form.balances.refetch()} small />
      )}
      {form.pendingHash && (
        <PendingNotice
          hash={form.pendingHash}
          text={t('localWalletPages.pending.sendNote')}
          testId="send-pending"
        />
      )}
      <AddressField
        label={t('localWalletPages.send.recipient')}
        testId="send-recipient"
        value={form.recipientText}
        onChange={form.setRecipientText}
        disabled={form.sending}
        error={form.recipientError}
        warning={form.warning}
        warningTestId="send-warning"
      />
      <label htmlFor={amountId}>
        <span>{t('localWalletPages.send.amount', { asset: form.asset })}</span>
      </label>
      <div className="send-amount-field">
        <input
          id={amountId}
          className="input"
          data-testid="send-amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={AMOUNT_MAX_LENGTH}
          placeholder="0.00"
          value={form.amountText}
          aria-invalid={form.amountError || form.balanceError ? true : undefined}
          aria-describedby={form.amountError || form.balanceError ? amountErrorId : undefined}
          disabled={form.sending}
          onChange={(e) => form.setAmountText(e.target.value)}
        />
        <span className="send-unit" aria-hidden="true">
          {form.asset}
        </span>
        <button
          type="button"
          className="btn-link send-max"
          data-testid="send-max"
          disabled={!form.balances.data || form.pricing || form.sending}
          onClick={form.fillMax}
        >
          {t('localWalletPages.send.max')}
        </button>
      </div>
      {(form.amountError || form.balanceError) && (
        <p id={amountErrorId} className="field-error" role="alert" data-testid="send-amount-error">
          {form.amountError ?? form.balanceError}
        </p>
      )}
      <dl className="rows send-fee">
        {form.fee.data ? (
          <FeeRows fee={form.fee.data} testIdPrefix="send" />
        ) : form.fee.isError ? (
          <ErrorRetry
            error={form.fee.error}
            onRetry={() => void form.fee.refetch()}
            testId="send-fee-error"
            small
          />
        ) : (
          <Skeleton />
        )}
      </dl>
      <button
        type="submit"
        className="btn btn-primary btn-block"
        data-testid="send-next"
        disabled={form.sending || form.pricing}
        aria-busy={form.pricing || undefined}
      >
        {t('localWalletPages.send.next')}
      </button>
    </form>
  );
}
