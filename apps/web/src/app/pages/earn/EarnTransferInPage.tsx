import { TransferForm } from '../../../features/earn/components/TransferForm.tsx';
import { useTransferForm } from '../../../features/earn/hooks/use-transfer-form.tsx';
import '../../../features/earn/earn.css';

/** Simple earn, transfer in: from the available USDT ("All" fills it); 'Transfer In Successful', then back. */
export default function EarnTransferInPage() {
  const form = useTransferForm('in');
  return (
    <div className="page earn" data-testid="earn-transfer-in-page">
      <TransferForm form={form} />
    </div>
  );
}
