import { AmountField } from '@web/components/AmountField.tsx';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatAsset } from '@web/lib/format.ts';
import { LOCAL_ASSETS } from '@web/lib/wallet/local-chain.ts';
import { useTranslation } from 'react-i18next';
import type { SendForm as Form } from '../hooks/send-form.ts';
import { FeeRows } from './FeeRows.tsx';
import { AddressField } from './FormParts.tsx';
import { PendingNotice } from './PendingNotice.tsx';

const AMOUNT_MAX_LENGTH = 64;

/** The send form: asset, recipient, amount with Max, balance, fee estimate, warnings and errors, then Next. */
export function SendForm({ form }: { form: Form }) {
  const { t } = useTranslation();
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
      <AmountField
        label={t('localWalletPages.send.amount', { asset: form.asset })}
        testId="send-amount"
        value={form.amountText}
        onChange={form.setAmountText}
        placeholder="0.00"
        maxLength={AMOUNT_MAX_LENGTH}
        disabled={form.sending}
        error={form.amountError ?? form.balanceError}
        unit={form.asset}
        fill={{
          label: t('localWalletPages.send.max'),
          testId: 'send-max',
          disabled: !form.balances.data || form.pricing || form.sending,
          onClick: form.fillMax,
        }}
      />
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
      <BlockButton
        variant="primary"
        type="submit"
        testId="send-next"
        disabled={form.sending}
        busy={form.pricing}
        keepLabel
      >
        {t('localWalletPages.send.next')}
      </BlockButton>
    </form>
  );
}
