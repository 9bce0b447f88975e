import type { RoleGrant, RoleHolder } from '@agc/shared';
import { AbilityReason } from '@web/components/AbilityReason.tsx';
import { Address } from '@web/components/Address.tsx';
import { formatEventTime } from '@web/lib/format.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useTranslation } from 'react-i18next';
import { useRoleChange } from '../api/post-role-change.ts';

/**
 * One holder: its address and each role with where it comes from (configuration, or who granted it and when) and a
 * Revoke button (after a confirmation) on the granted ones, disabled with the server's reason when the server would
 * refuse it (the last admin, a change already pending); a refusal meanwhile is toasted by the request wrapper.
 */
export function HolderCard({ holder }: { holder: RoleHolder }) {
  const { t } = useTranslation();
  const revoke = useRoleChange('revoke');

  const ask = async (grant: RoleGrant) => {
    const role = t(`adminRoles.role.${grant.role}`);
    const yes = await confirmModal({
      title: t('adminRoles.revokeTitle', { role }),
      content: (
        <span className="roles-wrap">{t('adminRoles.revokeText', { role, address: holder.address })}</span>
      ),
      confirmText: t('adminRoles.revoke'),
      destructive: true,
    });
    if (!yes) return;
    try {
      const answer = await revoke.mutateAsync({ address: holder.address, role: grant.role });
      void toast(answer.status === 'pending' ? t('adminRoles.revokePending') : t('adminRoles.revoked'));
    } catch {
      // The request wrapper toasted the server's message.
    }
  };

  return (
    <section className="card roles-holder" data-testid={`roles-holder-${holder.address}`}>
      <div className="roles-holder-head">
        <Address address={holder.address} testId="roles-holder-address" />
        {!holder.member && <span className="muted small">{t('adminRoles.notSignedUp')}</span>}
      </div>
      <ul className="roles-grants">
        {holder.roles.map((g) => (
          <li key={g.role} className="roles-grant-row" data-testid={`roles-holder-role-${g.role}`}>
            <div className="roles-grant-main">
              <span className={`roles-tag roles-tag--${g.role}`}>{t(`adminRoles.role.${g.role}`)}</span>
              {g.from_config ? (
                <span className="muted small" data-testid="roles-from-config">
                  {t('adminRoles.fromConfig')}
                </span>
              ) : (
                <button
                  type="button"
                  className="btn-link danger roles-revoke"
                  data-testid={`roles-revoke-${g.role}`}
                  disabled={revoke.isPending || !g.revoke.can}
                  onClick={() => void ask(g)}
                >
                  {t('adminRoles.revoke')}
                </button>
              )}
            </div>
            {!g.from_config && <AbilityReason ability={g.revoke} testId={`roles-revoke-reason-${g.role}`} />}
            <p className="muted small roles-grant-origin">
              {g.from_config ? (
                t('adminRoles.fromConfigHint')
              ) : g.granted_by ? (
                <>
                  {t('adminRoles.grantedBy')} <Address address={g.granted_by} copy={false} /> ·{' '}
                  {formatEventTime(g.granted_at, t)}
                </>
              ) : (
                `${t('adminRoles.grantedAtSetup')} · ${formatEventTime(g.granted_at, t)}`
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
