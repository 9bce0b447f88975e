import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { flattenEarnInterest, useEarnInterest } from '@web/features/earn/api/get-earn-interest.ts';
import { flattenEarnMovements, useEarnMovements } from '@web/features/earn/api/get-earn-movements.ts';
import { InterestItem } from '@web/features/earn/components/InterestItem.tsx';
import { MovementItem } from '@web/features/earn/components/MovementItem.tsx';
import { openMovement } from '@web/features/earn/components/PendingOuts.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/earn/earn.css';

type Tab = 'transfers' | 'interest';

function Transfers() {
  const movements = useEarnMovements();
  return (
    <PagedList
      items={flattenEarnMovements(movements.data?.pages)}
      itemKey={(m) => m.id}
      {...pagingProps(movements)}
      testId="earn-movement-list"
      renderItem={(m) => <MovementItem movement={m} onOpen={openMovement} />}
    />
  );
}

function Interest() {
  const interest = useEarnInterest();
  return (
    <PagedList
      items={flattenEarnInterest(interest.data?.pages)}
      itemKey={(i) => i.day}
      {...pagingProps(interest)}
      testId="earn-interest-list"
      renderItem={(i) => <InterestItem interest={i} />}
    />
  );
}

/** Simple earn records: tabs Transfers (in and out, Pending outs first) and Interest (one row a day), paged. */
export default function EarnRecordsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('transfers');
  return (
    <div className="page earn earn-records" data-testid="earn-records">
      <Segmented
        options={[
          { key: 'transfers', label: t('earn.records.transfers') },
          { key: 'interest', label: t('earn.records.interest') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('earn.records.label')}
        testIdPrefix="earn-records-tab"
        className="earn-records-tabs"
      />
      {tab === 'transfers' ? <Transfers /> : <Interest />}
    </div>
  );
}
