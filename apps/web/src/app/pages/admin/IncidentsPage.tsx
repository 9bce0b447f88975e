import { type IncidentStatus, incidentStatus } from '@agc/shared';
import { EmptyState } from '@web/components/EmptyState.tsx';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { NoPermission } from '@web/components/NoPermission.tsx';
import { StatusTabs } from '@web/components/StatusTabs.tsx';
import { useIncidents } from '@web/features/chain-incidents/api/get-incidents.ts';
import { IncidentCard } from '@web/features/chain-incidents/components/IncidentCard.tsx';
import { isForbidden } from '@web/lib/request.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/chain-incidents/chain-incidents.css';

/** The tabs: the undecided ones (open and waiting for a second admin), then each outcome. */
const TABS: readonly IncidentStatus[] = incidentStatus.options.filter((s) => s !== 'reversal_pending');

/**
 * Chain incidents (admin; the server answers 403 to anyone else): payments that were credited and then reorganised off
 * the chain, with what each touched; an admin reverses one through the journal (a second admin confirms a large one)
 * or accepts it with a reason.
 */
export default function IncidentsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<IncidentStatus>('open');
  const list = useIncidents(status);

  if (isForbidden(list.error))
    return <NoPermission testId="incidents-no-permission" text={t('incidents.noPermission')} />;

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingState testId="incidents-loading" />;
  else if (list.isError)
    body = <LoadFailed testId="incidents-error" error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.list.length === 0) body = <EmptyState description={t(`incidents.none.${status}`)} />;
  else body = list.data.list.map((i) => <IncidentCard key={i.id} incident={i} />);

  return (
    <div className="page incidents" data-testid="incidents-page">
      <StatusTabs
        keys={TABS}
        active={status}
        onChange={setStatus}
        title={(s) => t(`incidents.tab.${s}`)}
        testIdPrefix="incidents-tab"
        label={t('incidents.tabsLabel')}
      />
      <p className="muted small incidents-intro" data-testid="incidents-intro">
        {t('incidents.intro')}
      </p>
      {body}
    </div>
  );
}
