import type { RoleRequest } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { Address } from '../../../components/Address.tsx';
import { formatEventTime } from '../../../lib/format.ts';
import { confirmModal, toast } from '../../../lib/ui.ts';
import { type RoleRequestDecisionKind, useRoleRequestDecision } from '../api/post-role-request.ts';
import { isOwnRequest } from '../model/roles.ts';

/**
 * The grants of admin waiting for a second admin: another admin confirms (after a confirmation), the requester sees
 * that it waits for someone else; either cancels. A refusal (decided meanwhile) is toasted by the request wrapper.
 */
export function PendingGrants({
  requests,
  viewer,
}: {
  requests: readonly RoleRequest[];
  viewer: string | undefined;
}) {
  const { t } = useTranslation();
  const decide = useRoleRequestDecision();

  const act = async (r: RoleRequest, decision: RoleRequestDecisionKind) => {
    const yes = await confirmModal(
      decision === 'confirm'
        ? {
            title: t('adminRoles.pending.confirmTitle'),
            content: (
              <span className="roles-wrap">
                {t('adminRoles.pending.confirmText', { address: r.address })}
              </span>
            ),
            confirmText: t('adminRoles.pending.confirm'),
          }
        : {
            title: t('adminRoles.pending.cancelTitle'),
            content: (
              <span className="roles-wrap">{t('adminRoles.pending.cancelText', { address: r.address })}</span>
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
        {requests.map((r) => {
          const own = isOwnRequest(r.requested_by, viewer);
          return (
            <li key={r.id} className="roles-grant-row" data-testid={`roles-request-${r.id}`}>
              <div className="roles-grant-main">
                <Address address={r.address} testId="roles-request-address" />
                <span className="roles-tag roles-tag--admin">{t(`adminRoles.role.${r.role}`)}</span>
              </div>
              <p className="muted small roles-grant-origin">
                {t('adminRoles.pending.requestedBy')} <Address address={r.requested_by} copy={false} /> ·{' '}
                {formatEventTime(r.created_at, t)}
              </p>
              {own && (
                <p className="small roles-own" data-testid="roles-request-own">
                  {t('adminRoles.pending.own')}
                </p>
              )}
              <div className="roles-request-actions">
                {!own && (
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    data-testid={`roles-request-confirm-${r.id}`}
                    disabled={decide.isPending}
                    onClick={() => void act(r, 'confirm')}
                  >
                    {t('adminRoles.pending.confirm')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  data-testid={`roles-request-cancel-${r.id}`}
                  disabled={decide.isPending}
                  onClick={() => void act(r, 'cancel')}
                >
                  {t('adminRoles.pending.cancel')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
