import { EmptyState } from '@web/components/EmptyState.tsx';
import { ResultPage } from '@web/components/ResultPage.tsx';
import { useLaunchpadPurchase } from '@web/features/launchpad/api/get-purchase.ts';
import { useLaunchpadRound } from '@web/features/launchpad/api/get-round.ts';
import { PurchaseFacts } from '@web/features/launchpad/components/PurchaseFacts.tsx';
import { ReleaseLine } from '@web/features/launchpad/components/ReleaseLine.tsx';
import { paths } from '@web/lib/paths.ts';
import { ApiError } from '@web/lib/request.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '@web/features/launchpad/launchpad.css';

/**
 * A purchase's result (`?id=<purchase>`): a purchase is final when the server answers (paid from available USDT
 * in one step), so the page reads it once: copy numbers, paid, AGC locked, and the round's release schedule.
 */
export default function LaunchpadResultPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const raw = search.get('id');
  const id = raw && /^\d{1,20}$/.test(raw) ? raw : null;
  const purchase = useLaunchpadPurchase(id);
  const round = useLaunchpadRound(purchase.data?.round_id ?? null);
  const notFound = id === null || (purchase.error instanceof ApiError && purchase.error.code === 404);
  if (notFound)
    return (
      <div className="page" data-testid="lp-result-not-found">
        <EmptyState description={t('launchpad.result.notFound')} />
      </div>
    );
  return (
    <ResultPage
      testId="lp-result"
      className="launchpad-result"
      title={t('launchpad.result.title')}
      listLabel={t('launchpad.mine.open')}
      listPath={paths.launchpadMine}
      error={purchase.error}
      loading={purchase.isPending}
    >
      {purchase.data && (
        <>
          <PurchaseFacts purchase={purchase.data} testIdPrefix="lp-result" />
          {round.data && (
            <div className="lp-result-release">
              <ReleaseLine
                releaseStartsAt={round.data.release_starts_at}
                linearDays={round.data.linear_days}
                testId="lp-result-release"
              />
            </div>
          )}
        </>
      )}
    </ResultPage>
  );
}
