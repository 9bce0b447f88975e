import type { AdminPorSnapshot } from '@agc/shared';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { NoPermission } from '@web/components/NoPermission.tsx';
import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import {
  flattenAdminSnapshots,
  useAdminSnapshots,
} from '@web/features/proofs-admin/api/get-admin-snapshots.ts';
import { useRepublishSnapshot, useTakeSnapshot } from '@web/features/proofs-admin/api/post-snapshot.ts';
import { SnapshotCard } from '@web/features/proofs-admin/components/SnapshotCard.tsx';
import { useSolvency } from '@web/features/solvency/api/get-solvency.ts';
import { Shortfall72Alert } from '@web/features/solvency/components/Shortfall72Alert.tsx';
import { useMe } from '@web/lib/me.ts';
import { paths } from '@web/lib/paths.ts';
import { isForbidden } from '@web/lib/request.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useTranslation } from 'react-i18next';
import '@web/features/solvency/solvency.css';
import '@web/features/proofs-admin/proofs-admin.css';

/**
 * Proof-of-liabilities snapshots (auditor, analyst, admin; the server answers 403 to anyone else): whether the next
 * 72 hours are covered (the solvency view's alert per token), then every snapshot newest first with its status, its
 * totals against the solvency view and its attestation. Admins take one now and send a failed publication again; the
 * server says who is an admin (`me`'s roles, as for the admin menu) and refuses what it must (its message is the
 * request wrapper's toast).
 */
export default function ProofsAdminPage() {
  const { t } = useTranslation();
  const list = useAdminSnapshots();
  const solvency = useSolvency();
  const config = usePublicConfig();
  const admin = useMe().data?.roles.includes('admin') ?? false;
  const take = useTakeSnapshot();
  const republish = useRepublishSnapshot();

  if (isForbidden(list.error))
    return <NoPermission testId="por-admin-no-permission" text={t('porAdmin.noPermission')} />;

  /** Asks first, then runs an admin's action and says what became of the snapshot. */
  const act = async (
    ask: { title: string; content: string; confirmText: string },
    run: () => Promise<AdminPorSnapshot>,
  ) => {
    if (!(await confirmModal(ask))) return;
    try {
      const s = await run();
      void toast(t('porAdmin.done', { id: s.snapshot_id, status: t(`porAdmin.status.${s.status}`) }));
    } catch {
      // The request wrapper toasted the server's message (409 while one is building, 503 chain unreadable); the
      // list is read again either way.
    }
  };
  const takeNow = () =>
    act(
      {
        title: t('porAdmin.confirm.take.title'),
        content: t('porAdmin.confirm.take.text'),
        confirmText: t('porAdmin.take'),
      },
      () => take.mutateAsync(),
    );
  const resend = (s: AdminPorSnapshot) =>
    act(
      {
        title: t('porAdmin.confirm.republish.title', { id: s.snapshot_id }),
        content: t('porAdmin.confirm.republish.text'),
        confirmText: t('porAdmin.republish'),
      },
      () => republish.mutateAsync(s.snapshot_id),
    );

  const uncovered = solvency.data?.assets.filter((a) => !a.covered_72h) ?? [];
  const coverage = solvency.isError ? (
    <div className="por-admin-coverage" data-testid="por-admin-coverage-error">
      <p className="muted small">{t('porAdmin.coverageUnread')}</p>
      <ErrorRetry error={solvency.error} onRetry={() => void solvency.refetch()} small />
    </div>
  ) : solvency.data ? (
    <div className="por-admin-coverage" data-testid="por-admin-coverage">
      {uncovered.map((a) => (
        <Shortfall72Alert key={a.asset} data={a} />
      ))}
      {uncovered.length === 0 && (
        <p className="muted small" data-testid="por-admin-covered">
          {t('solvency.ok72')}
        </p>
      )}
      <PageLink to={paths.adminSolvency} className="btn-link card-link" testId="por-admin-solvency-link">
        {t('porAdmin.seeSolvency')}
      </PageLink>
    </div>
  ) : null;

  return (
    <div className="page por-admin" data-testid="por-admin">
      <PagedList
        testId="por-admin-list"
        header={
          <>
            {coverage}
            <p className="muted small por-admin-intro">{t('porAdmin.intro')}</p>
            {admin && (
              <button
                type="button"
                className="btn btn-primary btn-block por-admin-take"
                data-testid="por-admin-take"
                disabled={take.isPending}
                onClick={() => void takeNow()}
              >
                {t('porAdmin.take')}
              </button>
            )}
          </>
        }
        items={flattenAdminSnapshots(list.data?.pages)}
        itemKey={(s) => String(s.snapshot_id)}
        renderItem={(s) => (
          <SnapshotCard
            snapshot={s}
            explorerUrl={config.data?.explorer_url}
            busy={republish.isPending}
            onRepublish={admin && s.status === 'failed' ? () => void resend(s) : undefined}
          />
        )}
        {...pagingProps(list)}
      />
    </div>
  );
}
