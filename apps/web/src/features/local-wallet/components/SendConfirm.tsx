import { BlockButton, CancelButton } from '@web/components/BlockButton.tsx';
import { DialogSheet } from '@web/components/DialogSheet.tsx';
import { FormError } from '@web/components/FormMessages.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAssetExact } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { SendForm } from '../hooks/send-form.ts';
import { FeeRows } from './FeeRows.tsx';

/** The confirmation: amount and asset, the full recipient address, the network fee, a warning if any; Send. */
export function SendConfirm({ form }: { form: SendForm }) {
  const { t } = useTranslation();
  const { draft } = form;
  return (
    <DialogSheet
      value={draft}
      onClose={form.closeDraft}
      className="send-confirm"
      testId="send-confirm"
      title={() => t('localWalletPages.send.confirmTitle')}
    >
      {(draft) => (
        <>
          <dl className="rows">
            <ValueRow label={t('localWalletPages.send.amountLabel')} testId="send-confirm-amount">
              <strong>{formatAssetExact(draft.amount, draft.asset)}</strong>
            </ValueRow>
            <div className="row send-confirm-recipient">
              <dt>{t('localWalletPages.send.recipient')}</dt>
            </div>
            <p className="break send-address" data-testid="send-confirm-recipient">
              {draft.recipient}
            </p>
            <FeeRows fee={draft.fee} testIdPrefix="send-confirm" />
          </dl>
          {draft.warning && (
            <p className="notice send-warning small" data-testid="send-confirm-warning">
              {t(`localWalletPages.send.warnings.${draft.warning}`)}
            </p>
          )}
          <FormError error={form.sendError} testId="send-confirm-error" />
          <BlockButton
            variant="primary"
            testId="send-confirm-send"
            busy={form.sending}
            busyLabel={t('localWalletPages.send.sending')}
            onClick={form.confirm}
          >
            {t('localWalletPages.send.send')}
          </BlockButton>
          <CancelButton testId="send-confirm-cancel" disabled={form.sending} onClick={form.closeDraft} />
        </>
      )}
    </DialogSheet>
  );
}
