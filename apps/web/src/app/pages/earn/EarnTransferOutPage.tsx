import { TransferForm } from '@web/features/earn/components/TransferForm.tsx';
import { useTransferForm } from '@web/features/earn/hooks/use-transfer-form.tsx';
import '@web/features/earn/earn.css';

/**
 * Simple earn, transfer out: up to the holding ("Max"), when it arrives shown before confirming (the server's
 * preview), a confirmation naming amount and arrival; 'Transfer Out Successful', then its result page.
 */
export default function EarnTransferOutPage() {
  const form = useTransferForm('out');
  return (
    <div className="page earn" data-testid="earn-transfer-out-page">
      <TransferForm form={form} />
    </div>
  );
}
