import { lazy, Suspense, useState } from 'react';
import type { PayPopupProps } from './PayPopup.tsx';

const PayPopup = lazy(() => import('./PayPopup.tsx').then((m) => ({ default: m.PayPopup })));

/**
 * The checkout, with its wallet and chain code (viem: ~80 KiB brotli), loaded on the first Buy or Pay rather
 * than with the page: the shop, the orders and the hash-rate page paint without it. Once loaded it stays
 * mounted, so closing animates as before.
 */
export function LazyPayPopup(props: PayPopupProps) {
  const visible = props.order !== null || (props.quote ?? null) !== null;
  const [wanted, setWanted] = useState(visible);
  if (visible && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PayPopup {...props} />
    </Suspense>
  );
}
