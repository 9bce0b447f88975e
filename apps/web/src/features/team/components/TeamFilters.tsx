import type { Side } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../../components/Segmented.tsx';
import { StatusTabs } from '../../../components/StatusTabs.tsx';
import type { TeamScope, TeamStatus } from '../api/get-team-users.ts';

const SCOPES: readonly TeamScope[] = ['direct', 'team'];
export const TEAM_SECTORS = ['all', 'left', 'right'] as const satisfies readonly (Side | 'all')[];
export const TEAM_STATUSES = ['all', 'active', 'deactivated'] as const satisfies readonly (
  | TeamStatus
  | 'all'
)[];
export type TeamSectorFilter = (typeof TEAM_SECTORS)[number];
export type TeamStatusFilter = (typeof TEAM_STATUSES)[number];

/** Direct invitees or the whole placement team: tabs `team-scope-<scope>`. */
export function TeamScopeTabs({
  scope,
  onChange,
}: {
  scope: TeamScope;
  onChange: (scope: TeamScope) => void;
}) {
  const { t } = useTranslation();
  return (
    <StatusTabs
      keys={SCOPES}
      active={scope}
      onChange={onChange}
      title={(key) => t(`teamUser.scope.${key}`)}
      testIdPrefix="team-scope"
      className="team-tabs"
    />
  );
}

/** A labelled row of choices (`<testIdPrefix>-<key>`), "All" first. */
function FilterRow<K extends string>({
  label,
  keys,
  value,
  onChange,
  testIdPrefix,
  textKey,
}: {
  label: string;
  keys: readonly K[];
  value: K;
  onChange: (key: K) => void;
  testIdPrefix: string;
  textKey: (key: Exclude<K, 'all'>) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="team-filter">
      <span className="team-filter-label">{label}</span>
      <Segmented
        label={label}
        options={keys.map((key) => ({
          key,
          label: t(key === 'all' ? 'teamUser.all' : textKey(key as Exclude<K, 'all'>)),
        }))}
        value={value}
        onChange={onChange}
        testIdPrefix={testIdPrefix}
      />
    </div>
  );
}

/** The team list's sector and status filters. */
export function TeamFilters(props: {
  sector: TeamSectorFilter;
  onSector: (sector: TeamSectorFilter) => void;
  status: TeamStatusFilter;
  onStatus: (status: TeamStatusFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="team-filters">
      <FilterRow
        label={t('teamUser.fields.sector')}
        keys={TEAM_SECTORS}
        value={props.sector}
        onChange={props.onSector}
        testIdPrefix="team-sector"
        textKey={(key) => `teamUser.sector.${key}`}
      />
      <FilterRow
        label={t('teamUser.fields.status')}
        keys={TEAM_STATUSES}
        value={props.status}
        onChange={props.onStatus}
        testIdPrefix="team-status"
        textKey={(key) => `teamUser.status.${key}`}
      />
    </div>
  );
}
