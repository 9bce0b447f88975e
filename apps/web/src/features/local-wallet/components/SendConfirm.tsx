import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAssetExact } from '@web/lib/format.ts';
import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import type { SendForm } from '../hooks/send-form.ts';
import { FeeRows } from './FeeRows.tsx';

/** The confirmation: amount and asset, the full recipient address, the network fee, a warning if any; Send. */
export function SendConfirm({ form }: { form: SendForm }) {
  const { t } = useTranslation();
  const { draft } = form;
  return (
    <Popup
      visible={draft !== null}
      onMaskClick={form.closeDraft}
      destroyOnClose
      bodyClassName="checkout-popup"
    >
      {draft && (
        <div
          className="checkout send-confirm"
          data-testid="send-confirm"
          role="dialog"
          aria-modal="true"
          aria-labelledby="send-confirm-title"
        >
          <h2 id="send-confirm-title" className="checkout-title">
            {t('localWalletPages.send.confirmTitle')}
          </h2>
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
          {form.sendError && (
            <p className="error-text" role="alert" data-testid="send-confirm-error">
              {form.sendError}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="send-confirm-send"
            disabled={form.sending}
            aria-busy={form.sending || undefined}
            onClick={form.confirm}
          >
            {form.sending ? t('localWalletPages.send.sending') : t('localWalletPages.send.send')}
          </button>
          <button
            type="button"
            className="btn btn-link btn-block"
            data-testid="send-confirm-cancel"
            disabled={form.sending}
            onClick={form.closeDraft}
          >
            {t('common.cancel')}
          </button>
        </div>
      )}
    </Popup>
  );
}
