import { type FundEarningKind, fundEarningKind } from '@agc/shared';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { FoundTabs } from '@web/components/FoundTabs.tsx';
import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { useFundAgent } from '@web/features/fund-account/api/get-agent.ts';
import { flattenEarnings, useFundEarnings } from '@web/features/fund-account/api/get-earnings.ts';
import { AgentHeader } from '@web/features/fund-account/components/AgentHeader.tsx';
import { EarningItem } from '@web/features/fund-account/components/EarningItem.tsx';
import { earningKindKey } from '@web/features/fund-account/components/FundTags.tsx';
import { MoveProfitForm } from '@web/features/fund-account/components/MoveProfitForm.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/fund-account/fund-account.css';

type Kind = FundEarningKind | 'all';

/** Found income (Agent): fund level and totals, Move to available, the earnings by kind (paged). */
export default function FoundIncomePage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('all');
  const agent = useFundAgent();
  const earnings = useFundEarnings(kind === 'all' ? undefined : kind);
  const kinds = [
    { key: 'all' as Kind, label: t('fund.holdings.all') },
    ...fundEarningKind.options.map((k) => ({ key: k as Kind, label: t(earningKindKey(k)) })),
  ];
  let head: React.ReactNode;
  if (agent.isPending) head = <Skeleton rows={4} testId="fund-agent-loading" className="card" />;
  else if (agent.isError)
    head = (
      <ErrorRetry
        error={agent.error}
        onRetry={() => void agent.refetch()}
        testId="fund-agent-error"
        className="card"
        small
      />
    );
  else
    head = (
      <>
        <AgentHeader agent={agent.data} />
        <MoveProfitForm available={agent.data.fund_available_profit} />
      </>
    );
  return (
    <div className="page fund-account fund-income">
      <FoundTabs active={2} />
      <PagedList
        items={flattenEarnings(earnings.data?.pages)}
        itemKey={(e) => e.id}
        {...pagingProps(earnings)}
        refresh={() => Promise.all([earnings.refetch(), agent.refetch()])}
        header={
          <>
            {head}
            <h2 className="fund-section-title">{t('fund.agent.earnings')}</h2>
            <Segmented
              options={kinds}
              value={kind}
              onChange={setKind}
              variant="chips"
              className="fund-kinds"
              testIdPrefix="fund-kind"
              label={t('fund.agent.kindLabel')}
            />
          </>
        }
        testId="fund-earning-list"
        renderItem={(e) => <EarningItem earning={e} />}
      />
    </div>
  );
}
