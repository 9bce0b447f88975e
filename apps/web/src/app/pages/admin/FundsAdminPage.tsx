import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { NoPermission } from '@web/components/NoPermission.tsx';
import { useAdminFundProducts } from '@web/features/fund-admin/api/get-admin-products.ts';
import { usePendingNavs } from '@web/features/fund-admin/api/get-nav-pending.ts';
import { NavPublishCard } from '@web/features/fund-admin/components/NavPublishCard.tsx';
import { PendingNavs } from '@web/features/fund-admin/components/PendingNavs.tsx';
import { ProductsSection } from '@web/features/fund-admin/components/ProductsSection.tsx';
import { isForbidden } from '@web/lib/request.ts';
import { useTranslation } from 'react-i18next';
import '@web/features/fund-admin/fund-admin.css';

/**
 * Funds and NAV (admin; the server answers 403 to anyone else): per product the latest NAV and the form that
 * publishes the next, the NAVs waiting for a second admin, and the products (create, edit, on/off).
 */
export default function FundsAdminPage() {
  const { t } = useTranslation();
  const products = useAdminFundProducts();
  const pending = usePendingNavs();

  if (isForbidden(products.error) || isForbidden(pending.error))
    return <NoPermission testId="fund-admin-no-permission" text={t('fund.admin.noPermission')} />;
  if (products.isPending) return <LoadingState testId="fund-admin-loading" />;
  if (products.isError)
    return (
      <LoadFailed testId="fund-admin-error" error={products.error} onRetry={() => void products.refetch()} />
    );

  return (
    <div className="page fund-admin" data-testid="fund-admin">
      <h2 className="fund-admin-title">{t('fund.admin.nav.title')}</h2>
      {products.data.list.length === 0 && <p className="muted">{t('fund.admin.products.none')}</p>}
      {products.data.list.map((p) => (
        <NavPublishCard key={p.id} product={p} />
      ))}
      <PendingNavs pending={pending} />
      <ProductsSection products={products.data.list} />
    </div>
  );
}
