import { DetailLoad } from '@web/components/DetailLoad.tsx';
import { isRewardId, useProfitDetail } from '@web/features/rewards/api/get-profit-detail.ts';
import { CappedMark } from '@web/features/rewards/components/CappedMark.tsx';
import { RewardFields } from '@web/features/rewards/components/RewardFields.tsx';
import { isPositive } from '@web/features/rewards/format.ts';
import { formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

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

  return (
    <DetailLoad
      query={reward}
      validId={isRewardId(id)}
      testIdPrefix="reward"
      notFoundText={t('rewards.notFound')}
    >
      {(data) => (
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
      )}
    </DetailLoad>
  );
}
