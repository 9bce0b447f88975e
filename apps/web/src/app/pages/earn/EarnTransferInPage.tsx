import { TransferForm } from '@web/features/earn/components/TransferForm.tsx';
import { useTransferForm } from '@web/features/earn/hooks/use-transfer-form.tsx';
import '@web/features/earn/earn.css';

/** Simple earn, transfer in: from the available USDT ("All" fills it); 'Transfer In Successful', then back. */
export default function EarnTransferInPage() {
  const form = useTransferForm('in');
  return (
    <div className="page earn" data-testid="earn-transfer-in-page">
      <TransferForm form={form} />
    </div>
  );
}
