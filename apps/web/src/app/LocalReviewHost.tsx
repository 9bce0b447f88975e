// Where the local wallet's review of a transaction shows (lib/wallet/local-review-store.ts): mounted once by the
// layout, it renders nothing until the wallet asks; the sheet's code loads then (never with the login route).
import { useLocalReview } from '@web/lib/wallet/local-review-store.ts';
import { lazy, Suspense } from 'react';

const TxReviewSheet = lazy(() => import('@web/features/local-wallet/components/TxReviewSheet.tsx'));

export function LocalReviewHost() {
  const pending = useLocalReview();
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <TxReviewSheet key={pending.id} review={pending.review} onAnswer={pending.answer} />
    </Suspense>
  );
}
