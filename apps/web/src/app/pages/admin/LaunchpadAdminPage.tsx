import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { NoPermission } from '@web/components/NoPermission.tsx';
import { RoundStateTag } from '@web/features/launchpad/components/RoundStateTag.tsx';
import { useAdminLaunchpadRounds } from '@web/features/launchpad-admin/api/get-admin-rounds.ts';
import { AdminRoundCard } from '@web/features/launchpad-admin/components/AdminRoundCard.tsx';
import { RoundForm } from '@web/features/launchpad-admin/components/RoundForm.tsx';
import { isForbidden } from '@web/lib/request.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/launchpad-admin/launchpad-admin.css';

/**
 * Launchpad rounds (admin; the server answers 403 to anyone else): every round with copies sold, USDT raised,
 * buyers and state; New round opens the form; Edit opens the same form, filled, in place of a round that has not
 * opened; an open round can be closed (after a confirmation). One form at a time.
 */
export default function LaunchpadAdminPage() {
  const { t } = useTranslation();
  const rounds = useAdminLaunchpadRounds();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);

  if (isForbidden(rounds.error))
    return <NoPermission testId="lp-admin-no-permission" text={t('launchpad.admin.noPermission')} />;
  if (rounds.isPending) return <LoadingState testId="lp-admin-loading" />;
  if (rounds.isError)
    return <LoadFailed testId="lp-admin-error" error={rounds.error} onRetry={() => void rounds.refetch()} />;

  return (
    <div className="page lp-admin" data-testid="lp-admin">
      <div className="card-head">
        <h2 className="lp-admin-title">{t('launchpad.admin.title')}</h2>
        {!creating && (
          <button
            type="button"
            className="btn-link card-link"
            data-testid="lp-round-new"
            onClick={() => {
              setEditing(null);
              setCreating(true);
            }}
          >
            {t('launchpad.admin.new')}
          </button>
        )}
      </div>
      {creating && <RoundForm onDone={() => setCreating(false)} />}
      {rounds.data.list.length === 0 && <p className="muted">{t('launchpad.admin.none')}</p>}
      {rounds.data.list.map((r) =>
        r.id === editing ? (
          <RoundForm key={`edit-${r.id}`} round={r} onDone={() => setEditing(null)} />
        ) : (
          <AdminRoundCard
            key={r.id}
            round={r}
            stateTag={<RoundStateTag state={r.state} testId="lp-admin-round-state" />}
            onEdit={() => {
              setCreating(false);
              setEditing(r.id);
            }}
          />
        ),
      )}
    </div>
  );
}
