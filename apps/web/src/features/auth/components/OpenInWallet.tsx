import { knownWallets, LOCAL_WALLET_RDNS, requestProviders } from '@web/lib/wallet/discovery.ts';
import { lazy, Suspense, useEffect, useState } from 'react';

// The card and its links load beside the page, not with it: they show only when no browser wallet was found.
const loadCard = () => import('./OpenInWalletCard.tsx');
const OpenInWalletCard = lazy(loadCard);

/** True once wallet discovery has had its moment and found no browser wallet (the local one does not count). */
function useNoBrowserWallet(): boolean {
  const [none, setNone] = useState(false);
  useEffect(() => {
    loadCard().catch(() => undefined);
    requestProviders();
    const timer = setTimeout(
      () => setNone(!knownWallets().some((w) => w.info.rdns !== LOCAL_WALLET_RDNS)),
      300,
    );
    return () => clearTimeout(timer);
  }, []);
  return none;
}

/** The wallet apps' links or the extension hint (OpenInWalletCard) when this browser has no wallet. */
export function OpenInWallet({ shown }: { shown: boolean }) {
  const none = useNoBrowserWallet();
  if (!none && !shown) return null;
  return (
    <Suspense fallback={null}>
      <OpenInWalletCard />
    </Suspense>
  );
}
