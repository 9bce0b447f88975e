import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { NoPermission } from '@web/components/NoPermission.tsx';
import { useRoleHolders } from '@web/features/admin-roles/api/get-role-holders.ts';
import { GrantForm } from '@web/features/admin-roles/components/GrantForm.tsx';
import { HolderCard } from '@web/features/admin-roles/components/HolderCard.tsx';
import { PendingChanges } from '@web/features/admin-roles/components/PendingChanges.tsx';
import { isForbidden } from '@web/lib/request.ts';
import { useTranslation } from 'react-i18next';
import '@web/features/admin-roles/admin-roles.css';

/**
 * Roles (admin; the server answers 403 to anyone else): the changes of admin and auditor waiting for a second admin,
 * the grant form, and every holder with where each role comes from and Revoke. What this admin may do with each is
 * the server's answer (`can` / `reason`).
 */
export default function RolesPage() {
  const { t } = useTranslation();
  const holders = useRoleHolders();

  if (isForbidden(holders.error))
    return <NoPermission testId="roles-no-permission" text={t('adminRoles.noPermission')} />;
  if (holders.isPending) return <LoadingState testId="roles-loading" />;
  if (holders.isError)
    return <LoadFailed testId="roles-error" error={holders.error} onRetry={() => void holders.refetch()} />;

  return (
    <div className="page roles-page" data-testid="roles-page">
      <PendingChanges requests={holders.data.pending} />
      <GrantForm
        secondAdminRoles={holders.data.second_admin_roles}
        ttlHours={holders.data.request_ttl_hours}
      />
      <h2 className="roles-section-title">{t('adminRoles.holders')}</h2>
      {holders.data.holders.length === 0 && <p className="muted">{t('adminRoles.none')}</p>}
      {holders.data.holders.map((h) => (
        <HolderCard key={h.address} holder={h} />
      ))}
    </div>
  );
}
