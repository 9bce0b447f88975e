import { BlockButton, CancelButton } from '@web/components/BlockButton.tsx';
import { DialogSheet } from '@web/components/DialogSheet.tsx';
import { useTranslation } from 'react-i18next';
import type { ExchangeForm } from '../hooks/use-exchange-form.ts';
import { QuoteTimer } from './QuoteCountdown.tsx';
import { QuoteRows } from './QuoteRows.tsx';

/**
 * The confirmation: the quote's figures and the same countdown as the form (the page's one clock). Confirm accepts
 * it; once expired Confirm is off and Refresh quote asks for a new one here. A refusal's message shows above the
 * buttons (with the fresh quote, when the server sent one).
 */
export function ConfirmSheet({ form }: { form: ExchangeForm }) {
  const { t } = useTranslation();
  const { quote, expired } = form;
  return (
    <DialogSheet
      value={quote}
      visible={form.confirming && quote !== null}
      onClose={form.closeConfirm}
      className="exchange-confirm"
      testId="exchange-confirm"
      title={(q) => t('exchange.confirmTitle', { from: q.from, to: q.to })}
    >
      {(quote) => (
        <>
          <dl className="rows">
            <QuoteRows quote={quote} testIdPrefix="exchange-confirm" roundTrip={false} />
          </dl>
          <QuoteTimer form={form} testIdPrefix="exchange-confirm" />
          <BlockButton
            variant={expired ? 'secondary' : 'primary'}
            testId="exchange-confirm-accept"
            disabled={expired || form.busy || form.short}
            busy={form.accepting}
            onClick={() => void form.accept()}
          >
            {t('exchange.confirm')}
          </BlockButton>
          <CancelButton
            testId="exchange-confirm-cancel"
            disabled={form.accepting}
            onClick={form.closeConfirm}
          />
        </>
      )}
    </DialogSheet>
  );
}
