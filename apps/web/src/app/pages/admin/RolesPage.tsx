import { useTranslation } from 'react-i18next';
import { LoadFailed, LoadingState } from '../../../components/LoadState.tsx';
import { NoPermission } from '../../../components/NoPermission.tsx';
import { useRoleHolders } from '../../../features/admin-roles/api/get-role-holders.ts';
import { GrantForm } from '../../../features/admin-roles/components/GrantForm.tsx';
import { HolderCard } from '../../../features/admin-roles/components/HolderCard.tsx';
import { PendingGrants } from '../../../features/admin-roles/components/PendingGrants.tsx';
import { isForbidden } from '../../../lib/request.ts';
import { useWalletStore } from '../../../stores/wallet.ts';
import '../../../features/admin-roles/admin-roles.css';

/**
 * Roles (admin; the server answers 403 to anyone else): the grants of admin waiting for a second admin, the grant
 * form, and every holder with where each role comes from and Revoke.
 */
export default function RolesPage() {
  const { t } = useTranslation();
  const holders = useRoleHolders();
  const viewer = useWalletStore((s) => s.address);

  if (isForbidden(holders.error))
    return <NoPermission testId="roles-no-permission" text={t('adminRoles.noPermission')} />;
  if (holders.isPending) return <LoadingState testId="roles-loading" />;
  if (holders.isError)
    return <LoadFailed testId="roles-error" error={holders.error} onRetry={() => void holders.refetch()} />;

  return (
    <div className="page roles-page" data-testid="roles-page">
      <PendingGrants requests={holders.data.pending} viewer={viewer} />
      <GrantForm />
      <h2 className="roles-section-title">{t('adminRoles.holders')}</h2>
      {holders.data.holders.length === 0 && <p className="muted">{t('adminRoles.none')}</p>}
      {holders.data.holders.map((h) => (
        <HolderCard key={h.address} holder={h} />
      ))}
    </div>
  );
}
