import { SendConfirm } from '@web/features/local-wallet/components/SendConfirm.tsx';
import { SendForm } from '@web/features/local-wallet/components/SendForm.tsx';
import { SendUnlockGate } from '@web/features/local-wallet/components/SendUnlock.tsx';
import { useSendForm } from '@web/features/local-wallet/hooks/send-form.ts';
import '@web/features/local-wallet/components/send.css';

/** Send ETH, USDT or AGC from the local wallet: the form, its confirmation, then the result page. */
export default function LocalWalletTransactionPage() {
  return (
    <div className="page">
      <SendUnlockGate>{({ address }) => <SendPage address={address} />}</SendUnlockGate>
    </div>
  );
}

function SendPage({ address }: { address: `0x${string}` }) {
  const form = useSendForm(address);
  return (
    <>
      <SendForm form={form} />
      <SendConfirm form={form} />
    </>
  );
}
