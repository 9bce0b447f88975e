import { formatTime, levelKey, shortAddress, type TeamUser } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/** A join time; the invalid-time text when unreadable. */
function joinTime(value: string, t: (key: string) => string): string {
  return formatTime(value, { invalid: '' }) || t('common.invalidTime');
}

/** One member of the team_user list: address, level, join time, inviter, relation, sector, status, investment. */
export function TeamUserItem({ user }: { user: TeamUser }) {
  const { t } = useTranslation();
  return (
    <div className="card team-user" data-testid={`team-user-${user.id}`}>
      <div className="team-user-head">
        <span className="team-user-address" data-testid="team-user-address" title={user.address}>
          {shortAddress(user.address)}
        </span>
        <span className="status-tag status-tag--level" data-testid="team-user-level">
          {t(`level.${levelKey(user.level)}`)}
        </span>
      </div>
      <div className="team-user-tags">
        <span className="status-tag" data-testid="team-user-relation" data-relation={user.relation}>
          {t(`teamUser.relation.${user.relation}`)}
        </span>
        <span className="status-tag" data-testid="team-user-sector" data-sector={user.sector}>
          {t(user.sector === 'left' ? 'invite.sideLeft' : 'invite.sideRight')}
        </span>
        <span
          className={`status-tag${user.status === 'active' ? ' status-tag--active' : ''}`}
          data-testid="team-user-status"
          data-status={user.status}
        >
          {t(`teamUser.status.${user.status}`)}
        </span>
      </div>
      <dl className="rows">
        <ValueRow label={t('teamUser.fields.investment')} testId="team-user-investment">
          {formatUsdt(user.investment)}
        </ValueRow>
        <ValueRow label={t('teamUser.fields.joined')} testId="team-user-joined">
          {joinTime(user.joined_at, t)}
        </ValueRow>
        <div className="row">
          <dt>{t('teamUser.fields.inviter')}</dt>
          <dd data-testid="team-user-inviter" title={user.inviter_address ?? undefined}>
            {user.inviter_address ? shortAddress(user.inviter_address) : '-'}
          </dd>
        </div>
      </dl>
    </div>
  );
}
