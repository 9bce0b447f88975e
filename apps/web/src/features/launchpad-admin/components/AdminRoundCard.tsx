import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAgc, formatUsdt } from '@web/lib/format.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLaunchpadRound } from '../api/get-admin-rounds.ts';
import { useCloseLaunchpadRound } from '../api/post-admin-round-close.ts';
import { utcMinuteOf } from '../model/round-form.ts';
import '../launchpad-admin.css';

/**
 * One round for the admins: state (`stateTag`, the members' tag, given by the page), copies sold, USDT raised,
 * buyers, its terms (times in UTC, as the form takes them); Edit (`onEdit`) while it has not opened; Close (asks
 * first).
 */
export function AdminRoundCard({
  round,
  stateTag,
  onEdit,
}: {
  round: AdminLaunchpadRound;
  stateTag: ReactNode;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const close = useCloseLaunchpadRound();
  const closable = round.status === 'open' && round.state !== 'Ended';
  // The server decides again (its clock, under the round's lock); this only hides what it would refuse.
  const editable = round.status === 'open' && round.state === 'Upcoming' && round.sold === 0;
  const utc = (iso: string) => t('launchpad.admin.utcTime', { time: utcMinuteOf(iso) });
  const ask = async () => {
    const ok = await confirmModal({
      title: t('launchpad.admin.closeTitle', { name: round.name }),
      content: t('launchpad.admin.closeText', { sold: round.sold, copies: round.copies }),
      confirmText: t('launchpad.admin.closeConfirm'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await close.mutateAsync(round.id);
      void toast(t('launchpad.admin.closed'));
    } catch {
      // the request wrapper has shown the server's message
    }
  };
  return (
    <div className="card" data-testid={`lp-admin-round-${round.id}`}>
      <div className="card-head">
        <h3 className="card-title">{round.name}</h3>
        {stateTag}
      </div>
      <dl className="rows">
        <ValueRow label={t('launchpad.admin.sold')} testId="lp-admin-round-sold">
          {t('launchpad.list.soldOf', { sold: round.sold, copies: round.copies })}
        </ValueRow>
        <ValueRow label={t('launchpad.admin.raised')} testId="lp-admin-round-raised">
          {formatUsdt(round.raised_usdt)}
        </ValueRow>
        <ValueRow label={t('launchpad.admin.buyers')} testId="lp-admin-round-buyers">
          {round.buyers}
        </ValueRow>
        <ValueRow label={t('launchpad.fields.price')}>{formatUsdt(round.price_usdt)}</ValueRow>
        <ValueRow label={t('launchpad.fields.agcPerCopy')}>{formatAgc(round.agc_per_copy)}</ValueRow>
        <ValueRow label={t('launchpad.fields.limit')}>{round.per_member_limit}</ValueRow>
        <ValueRow label={t('launchpad.fields.starts')} testId="lp-admin-round-starts">
          {utc(round.starts_at)}
        </ValueRow>
        <ValueRow label={t('launchpad.fields.ends')} testId="lp-admin-round-ends">
          {utc(round.ends_at)}
        </ValueRow>
        <ValueRow label={t('launchpad.fields.cliff')}>
          {t('launchpad.days', { count: round.cliff_days })}
        </ValueRow>
        <ValueRow label={t('launchpad.fields.linear')}>
          {t('launchpad.days', { count: round.linear_days })}
        </ValueRow>
      </dl>
      {(editable || closable) && (
        <div className="lp-admin-actions">
          {editable && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              data-testid={`lp-admin-edit-${round.id}`}
              onClick={onEdit}
            >
              {t('launchpad.admin.edit')}
            </button>
          )}
          {closable && (
            <button
              type="button"
              className="btn btn-danger btn-small"
              data-testid={`lp-admin-close-${round.id}`}
              disabled={close.isPending}
              onClick={() => void ask()}
            >
              {t('launchpad.admin.close')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
