import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed, LoadingState } from '../../../components/LoadState.tsx';
import { isRewardId, useProfitDetail } from '../../../features/rewards/api/get-profit-detail.ts';
import { CappedMark } from '../../../features/rewards/components/CappedMark.tsx';
import { RewardFields } from '../../../features/rewards/components/RewardFields.tsx';
import { isPositive } from '../../../features/rewards/format.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/request.ts';

/**
 * One reward (`?id=`): the spec's fields (time, base, ratio, source user, level, money received in
 * USDT and AGC) and what was due, what the caps cut and which cap, and the day it counts for.
 * A missing or malformed id, or one the server does not know for this member, is "not found".
 */
export default function RewardDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('id');
  const reward = useProfitDetail(id);

  const notFound = (
    <div data-testid="reward-not-found">
      <EmptyState description={t('rewards.notFound')} />
    </div>
  );
  if (!isRewardId(id)) return notFound;
  if (reward.isPending) return <LoadingState testId="reward-loading" />;
  if (reward.isError) {
    if (reward.error instanceof ApiError && reward.error.code === 404) return notFound;
    return <LoadFailed testId="reward-error" error={reward.error} onRetry={() => void reward.refetch()} />;
  }

  const data = reward.data;
  return (
    <div className="page reward-detail" data-testid="reward-detail">
      <section className="card">
        <p className="reward-detail-kind">{t(`rewards.kind.${data.kind}`)}</p>
        <p
          className={`reward-detail-amount${isPositive(data.amount) ? '' : ' reward-detail-amount--zero'}`}
          data-testid="reward-detail-headline"
        >
          {formatUsdt(data.amount)}
        </p>
        <CappedMark reward={data} />
      </section>
      <section className="card">
        <RewardFields reward={data} />
      </section>
    </div>
  );
}
