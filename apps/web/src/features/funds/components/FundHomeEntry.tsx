import type { PublicConfig } from '@agc/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { fundsShownIn } from '../model/locales.ts';

// The card and its query, texts and styles load in their own chunk, only where it shows.
const FundHomeCard = lazy(() => import('./FundHomeCard.tsx'));

/** Home's Fund card, in the languages of config funds.locales only (docs/product-rules.md "Funds"). */
export function FundHomeEntry({ config }: { config: PublicConfig | undefined }) {
  const { i18n } = useTranslation();
  if (!fundsShownIn(i18n.language, config)) return null;
  return (
    <Suspense fallback={null}>
      <FundHomeCard />
    </Suspense>
  );
}
