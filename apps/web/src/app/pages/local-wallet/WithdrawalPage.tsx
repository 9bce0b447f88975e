import { SendUnlockGate } from '@web/features/local-wallet/components/SendUnlock.tsx';
import { SweepForm, SweepSteps } from '@web/features/local-wallet/components/SweepForm.tsx';
import { useSweep } from '@web/features/local-wallet/hooks/sweep.tsx';
import '@web/features/local-wallet/components/send.css';

/** Move everything out of the local wallet to another address: tokens first, then the ETH left after fees. */
export default function LocalWalletWithdrawalPage() {
  return (
    <div className="page">
      <SendUnlockGate>{({ address }) => <SweepPage address={address} />}</SendUnlockGate>
    </div>
  );
}

function SweepPage({ address }: { address: `0x${string}` }) {
  const sweep = useSweep(address);
  return (
    <>
      <SweepForm sweep={sweep} />
      <SweepSteps sweep={sweep} />
    </>
  );
}
