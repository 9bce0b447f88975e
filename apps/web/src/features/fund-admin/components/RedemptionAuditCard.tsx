import { Address } from '@web/components/Address.tsx';
import { type AuditActionButton, AuditActions } from '@web/components/AuditActions.tsx';
import { AuditNote } from '@web/components/AuditNote.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatEventTime, formatUnits } from '@web/lib/format.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useAuditNote } from '@web/lib/use-audit-note.ts';
import { useTranslation } from 'react-i18next';
import type { AdminRedemption } from '../api/get-admin-redemptions.ts';
import { useAuditRedemption } from '../api/post-redemption-audit.ts';

type Decision = 'approve' | 'reject';

/**
 * A redemption in the admin queue: member, product, units, order, requested, queue place and NAV day; a Pending one
 * is approved or rejected (red confirmation; a reject needs the reason the member reads).
 */
export function RedemptionAuditCard({ redemption: r }: { redemption: AdminRedemption }) {
  const { t } = useTranslation();
  const note = useAuditNote();
  const audit = useAuditRedemption();

  const decide = async (decision: Decision) => {
    const text = note.take(decision === 'reject');
    if (text === null) return;
    const ok = await confirmModal({
      destructive: decision === 'reject',
      content: t(`fund.admin.redemptions.${decision}Confirm`, {
        units: formatUnits(r.units),
        product: r.product.name,
      }),
    });
    if (!ok) return;
    try {
      await audit.mutateAsync({ redemptionId: r.redemption_id, decision, note: text });
      note.clear();
      void toast(
        t(
          decision === 'approve'
            ? 'fund.admin.redemptions.approvedToast'
            : 'fund.admin.redemptions.rejectedToast',
        ),
      );
    } catch {
      // shown once by the request wrapper
    }
  };

  const actions: AuditActionButton<Decision>[] = [
    { key: 'reject', label: t('fund.admin.redemptions.reject'), look: 'danger', disabled: audit.isPending },
    {
      key: 'approve',
      label: t('fund.admin.redemptions.approve'),
      look: 'primary',
      disabled: audit.isPending,
    },
  ];

  return (
    <div className="card" data-testid={`fund-admin-redemption-${r.redemption_id}`}>
      <dl className="rows">
        <ValueRow label={t('fund.admin.redemptions.member')}>
          <Address address={r.address} testId="fund-admin-redemption-address" />
        </ValueRow>
        <ValueRow label={t('fund.admin.pending.product')}>{r.product.name}</ValueRow>
        <ValueRow label={t('fund.redeem.fields.units')} testId="fund-admin-redemption-units">
          {formatUnits(r.units)}
        </ValueRow>
        <ValueRow label={t('fund.order.fields.order_id')}>{r.order_id}</ValueRow>
        <ValueRow label={t('fund.redeem.fields.redemption_id')}>{r.redemption_id}</ValueRow>
        <ValueRow label={t('fund.redeem.fields.created_at')}>{formatEventTime(r.created_at, t)}</ValueRow>
        {r.queue_place !== null && (
          <ValueRow label={t('fund.admin.redemptions.queue')}>
            {t('fund.redeem.queuePlace', { n: r.queue_place })}
          </ValueRow>
        )}
        {r.nav_day && <ValueRow label={t('fund.admin.redemptions.navDay')}>{r.nav_day}</ValueRow>}
        {r.audit_note && <ValueRow label={t('fund.redeem.fields.audit_note')}>{r.audit_note}</ValueRow>}
      </dl>
      {r.status === 'Pending' && (
        <>
          <AuditNote
            note={note}
            testId="fund-admin-redemption-note"
            placeholder={t('fund.admin.redemptions.notePlaceholder')}
            requiredTestId="fund-admin-redemption-note-required"
            requiredText={t('fund.admin.redemptions.reasonRequired')}
          />
          <AuditActions
            actions={actions}
            testIdPrefix="fund-admin-redemption"
            onAction={(k) => void decide(k)}
          />
        </>
      )}
    </div>
  );
}
