import type { RoleRequest } from '@agc/shared';
import { AbilityReason } from '@web/components/AbilityReason.tsx';
import { Address } from '@web/components/Address.tsx';
import { formatEventTime } from '@web/lib/format.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useTranslation } from 'react-i18next';
import { type RoleRequestDecisionKind, useRoleRequestDecision } from '../api/post-role-request.ts';

/**
 * The grants and revocations waiting for a second admin, each with when it expires: Confirm and Cancel (after a
 * confirmation), each disabled with the server's reason when the server would refuse it (the admin who asked never
 * confirms). A refusal meanwhile (decided or expired) is toasted by the request wrapper.
 */
export function PendingChanges({ requests }: { requests: readonly RoleRequest[] }) {
  const { t } = useTranslation();
  const decide = useRoleRequestDecision();

  const act = async (r: RoleRequest, decision: RoleRequestDecisionKind) => {
    const role = t(`adminRoles.role.${r.role}`);
    const yes = await confirmModal(
      decision === 'confirm'
        ? {
            title: t(`adminRoles.pending.confirmTitle.${r.action}`, { role }),
            content: (
              <span className="roles-wrap">
                {t(`adminRoles.pending.confirmText.${r.action}`, { address: r.address, role })}
              </span>
            ),
            confirmText: t('adminRoles.pending.confirm'),
          }
        : {
            title: t('adminRoles.pending.cancelTitle'),
            content: (
              <span className="roles-wrap">
                {t(`adminRoles.pending.cancelText.${r.action}`, { address: r.address, role })}
              </span>
            ),
            confirmText: t('adminRoles.pending.cancel'),
            destructive: true,
          },
    );
    if (!yes) return;
    try {
      await decide.mutateAsync({ id: r.id, decision });
      void toast(
        decision === 'confirm' ? t('adminRoles.pending.confirmed') : t('adminRoles.pending.cancelled'),
      );
    } catch {
      // The request wrapper toasted the server's message.
    }
  };

  if (requests.length === 0) return null;
  return (
    <section className="card roles-pending" data-testid="roles-pending">
      <h3 className="card-title">{t('adminRoles.pending.title')}</h3>
      <ul className="roles-grants">
        {requests.map((r) => (
          <li key={r.id} className="roles-grant-row" data-testid={`roles-request-${r.id}`}>
            <div className="roles-grant-main">
              <Address address={r.address} testId="roles-request-address" />
              <span className={`roles-tag roles-tag--${r.role}`} data-testid="roles-request-change">
                {t(`adminRoles.pending.action.${r.action}`, { role: t(`adminRoles.role.${r.role}`) })}
              </span>
            </div>
            <p className="muted small roles-grant-origin">
              {t('adminRoles.pending.requestedBy')} <Address address={r.requested_by} copy={false} /> ·{' '}
              {formatEventTime(r.created_at, t)}
            </p>
            <p className="muted small roles-grant-origin" data-testid="roles-request-expires">
              {t('adminRoles.pending.expires', { time: formatEventTime(r.expires_at, t) })}
            </p>
            <AbilityReason ability={r.confirm} testId="roles-request-confirm-reason" />
            <div className="roles-request-actions">
              <button
                type="button"
                className="btn btn-primary btn-small"
                data-testid={`roles-request-confirm-${r.id}`}
                disabled={decide.isPending || !r.confirm.can}
                onClick={() => void act(r, 'confirm')}
              >
                {t('adminRoles.pending.confirm')}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                data-testid={`roles-request-cancel-${r.id}`}
                disabled={decide.isPending || !r.cancel.can}
                onClick={() => void act(r, 'cancel')}
              >
                {t('adminRoles.pending.cancel')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
