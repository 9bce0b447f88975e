import type { FundNavEntry } from '@agc/shared';
import { AbilityReason } from '@web/components/AbilityReason.tsx';
import { Address } from '@web/components/Address.tsx';
import { AuditActions } from '@web/components/AuditActions.tsx';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatEventTime, formatNav } from '@web/lib/format.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useTranslation } from 'react-i18next';
import type { usePendingNavs } from '../api/get-nav-pending.ts';
import { useDecideNav } from '../api/post-nav-decision.ts';

/**
 * NAVs waiting for a second admin: product, day, NAV, previous and step, the 7-day move, who entered it; Confirm and
 * Reject (red), each disabled with the server's reason when the server would refuse it (the admin who entered it
 * never confirms it). The admin who entered it withdraws it instead of rejecting it.
 */
export function PendingNavs({ pending }: { pending: ReturnType<typeof usePendingNavs> }) {
  const { t } = useTranslation();
  const decide = useDecideNav();

  const act = async (entry: FundNavEntry, decision: 'confirm' | 'reject') => {
    const text = decision === 'reject' && entry.entered_by_you ? 'withdraw' : decision;
    const ok = await confirmModal({
      destructive: decision === 'reject',
      content: t(`fund.admin.pending.${text}Confirm`, {
        product: entry.product.name,
        day: entry.day,
        nav: formatNav(entry.nav),
      }),
    });
    if (!ok) return;
    try {
      const done = await decide.mutateAsync({ navId: entry.nav_id, decision });
      void toast(
        done.status === 'Published'
          ? t('fund.admin.nav.published', {
              day: done.day,
              nav: formatNav(done.nav),
              subscriptions: t('count.subscription', { count: done.priced.subscriptions }),
              redemptions: t('count.redemption', { count: done.priced.redemptions }),
            })
          : t('fund.admin.nav.rejected', { day: done.day }),
      );
    } catch {
      // the request wrapper has shown the server's message (e.g. the entering admin cannot confirm)
    }
  };

  let body: React.ReactNode;
  if (pending.isPending) body = <Skeleton rows={2} testId="fund-pending-loading" />;
  else if (pending.isError)
    body = (
      <ErrorRetry
        error={pending.error}
        onRetry={() => void pending.refetch()}
        testId="fund-pending-error"
        small
      />
    );
  else if (pending.data.list.length === 0)
    body = (
      <p className="muted small" data-testid="fund-pending-empty">
        {t('fund.admin.pending.none')}
      </p>
    );
  else
    body = pending.data.list.map((entry) => {
      return (
        <div className="fund-pending-item" key={entry.nav_id} data-testid={`fund-pending-${entry.nav_id}`}>
          <dl className="rows">
            <ValueRow label={t('fund.admin.pending.product')}>{entry.product.name}</ValueRow>
            <ValueRow label={t('fund.admin.nav.day')}>{entry.day}</ValueRow>
            <ValueRow label={t('fund.redeem.fields.nav')} testId="fund-pending-nav">
              {formatNav(entry.nav)}
            </ValueRow>
            <ValueRow label={t('fund.admin.pending.previous')}>
              {entry.previous_nav === null ? '-' : formatNav(entry.previous_nav)}
            </ValueRow>
            <ValueRow label={t('fund.admin.pending.step')} testId="fund-pending-step">
              {entry.step_percent === null ? '-' : `${entry.step_percent}%`}
            </ValueRow>
            {entry.week_percent !== null && (
              <ValueRow label={t('fund.admin.pending.week')} testId="fund-pending-week">
                {`${entry.week_percent}%`}
              </ValueRow>
            )}
            <ValueRow label={t('fund.admin.pending.enteredBy')}>
              {entry.entered_by ? <Address address={entry.entered_by} /> : '-'}
            </ValueRow>
            <ValueRow label={t('fund.admin.pending.enteredAt')}>
              {formatEventTime(entry.created_at, t)}
            </ValueRow>
          </dl>
          {entry.review && (
            <p className="muted small" data-testid="fund-pending-review">
              {entry.review === 'week'
                ? t('fund.admin.nav.waitingWeek', {
                    week: entry.week_percent ?? '-',
                    limit: entry.max_week_percent,
                  })
                : t('fund.admin.nav.waiting', {
                    step: entry.step_percent ?? '-',
                    limit: entry.max_step_percent,
                  })}
            </p>
          )}
          <AbilityReason ability={entry.confirm} testId="fund-pending-confirm-reason" />
          <AuditActions
            testIdPrefix="fund-pending"
            actions={[
              {
                key: 'confirm',
                label: t('fund.admin.pending.confirm'),
                look: 'primary',
                disabled: decide.isPending || !entry.confirm.can,
              },
              {
                key: 'reject',
                label: t(entry.entered_by_you ? 'fund.admin.pending.withdraw' : 'fund.admin.pending.reject'),
                look: 'danger',
                disabled: decide.isPending || !entry.reject.can,
              },
            ]}
            onAction={(key) => void act(entry, key)}
          />
        </div>
      );
    });

  return (
    <section className="card" data-testid="fund-pending">
      <h2 className="card-title">{t('fund.admin.pending.title')}</h2>
      {body}
    </section>
  );
}
