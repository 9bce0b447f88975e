import type { Side } from '@agc/shared';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList.tsx';
import {
  flattenTeamUsers,
  type TeamScope,
  type TeamStatus,
  useTeamUsers,
} from '../../../features/team/api/get-team-users.ts';
import { TeamUserItem } from '../../../features/team/components/TeamUserItem.tsx';
import { useMe } from '../../../lib/me.ts';
import '../../../features/team/team.css';

const SCOPES: readonly TeamScope[] = ['direct', 'team'];
const SECTORS = ['all', 'left', 'right'] as const satisfies readonly (Side | 'all')[];
const STATUSES = ['all', 'active', 'deactivated'] as const satisfies readonly (TeamStatus | 'all')[];

function Filter<K extends string>({
  label,
  keys,
  active,
  onChange,
  testIdPrefix,
  textKey,
}: {
  label: string;
  keys: readonly K[];
  active: K;
  onChange: (key: K) => void;
  testIdPrefix: string;
  textKey: (key: K) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="team-filter">
      <span className="team-filter-label">{label}</span>
      <div className="segmented" role="tablist" aria-label={label}>
        {keys.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={active === key}
            data-testid={`${testIdPrefix}-${key}`}
            onClick={() => onChange(key)}
          >
            {t(textKey(key))}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * My team (team_user): direct invitees or the whole placement team, filtered by sector and status;
 * pull-to-refresh and infinite scroll. The counts above come from GET me.
 */
export default function TeamUserPage() {
  const { t } = useTranslation();
  const [scope, setScope] = useState<TeamScope>('direct');
  const [sector, setSector] = useState<(typeof SECTORS)[number]>('all');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const users = useTeamUsers({
    scope,
    sector: sector === 'all' ? undefined : sector,
    status: status === 'all' ? undefined : status,
  });
  const me = useMe();

  const summary = me.data && (
    <section className="card team-summary" data-testid="team-summary">
      <div>
        <span className="muted small">
          {t(scope === 'direct' ? 'teamUser.invited' : 'teamUser.teamSize')}
        </span>
        <strong data-testid="team-summary-all">
          {scope === 'direct' ? me.data.invited_count_all : me.data.team_size_all}
        </strong>
      </div>
      <div>
        <span className="muted small">{t('teamUser.valid')}</span>
        <strong data-testid="team-summary-valid">
          {scope === 'direct' ? me.data.invited_count_valid : me.data.team_size_valid}
        </strong>
      </div>
    </section>
  );

  return (
    <div className="page team-user-page">
      <Tabs activeKey={scope} onChange={(key) => setScope(key as TeamScope)} className="team-tabs">
        {SCOPES.map((key) => (
          <Tabs.Tab
            key={key}
            title={<span data-testid={`team-scope-${key}`}>{t(`teamUser.scope.${key}`)}</span>}
          />
        ))}
      </Tabs>
      <div className="team-filters">
        <Filter
          label={t('teamUser.fields.sector')}
          keys={SECTORS}
          active={sector}
          onChange={setSector}
          testIdPrefix="team-sector"
          textKey={(key) => (key === 'all' ? 'teamUser.all' : `teamUser.sector.${key}`)}
        />
        <Filter
          label={t('teamUser.fields.status')}
          keys={STATUSES}
          active={status}
          onChange={setStatus}
          testIdPrefix="team-status"
          textKey={(key) => (key === 'all' ? 'teamUser.all' : `teamUser.status.${key}`)}
        />
      </div>
      <PagedList
        testId="team-list"
        header={summary}
        items={flattenTeamUsers(users.data?.pages)}
        itemKey={(user) => user.id}
        renderItem={(user) => <TeamUserItem user={user} />}
        isPending={users.isPending}
        error={users.error}
        hasMore={users.hasNextPage}
        loadMore={() => users.fetchNextPage({ throwOnError: true })}
        refresh={() => Promise.all([users.refetch(), me.refetch()])}
      />
    </div>
  );
}
