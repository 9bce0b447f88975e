import { DetailLoad } from '@web/components/DetailLoad.tsx';
import { useLaunchpadRound } from '@web/features/launchpad/api/get-round.ts';
import { AllocationList } from '@web/features/launchpad/components/AllocationList.tsx';
import { BuySheet } from '@web/features/launchpad/components/BuySheet.tsx';
import { RoundDetail } from '@web/features/launchpad/components/RoundDetail.tsx';
import { redirectTo } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const positiveId = (value: string | null) => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

/** A round (`?id=`): its facts, my copies, Buy (the sheet), then the public allocation list. */
export default function LaunchpadDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = positiveId(search.get('id'));
  const round = useLaunchpadRound(id);
  const [open, setOpen] = useState(false);
  return (
    <div className="page launchpad-detail">
      <DetailLoad
        query={round}
        validId={id !== null}
        testIdPrefix="lp-detail"
        notFoundText={t('launchpad.detail.notFound')}
      >
        {(data) => (
          <>
            <AllocationList
              roundId={data.id}
              onRefresh={() => round.refetch()}
              header={<RoundDetail round={data} onBuy={() => setOpen(true)} />}
            />
            <BuySheet
              round={data}
              visible={open}
              onClose={() => setOpen(false)}
              onBought={(purchase) =>
                void redirectTo(withQuery(paths.launchpadResult, { id: purchase.id })).catch(() => undefined)
              }
            />
          </>
        )}
      </DetailLoad>
    </div>
  );
}
