import { ellipsisMiddle, type Incident } from '@agc/shared';
import { AbilityReason } from '@web/components/AbilityReason.tsx';
import { Address } from '@web/components/Address.tsx';
import { AuditActions } from '@web/components/AuditActions.tsx';
import { AuditNote } from '@web/components/AuditNote.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatEventTime, formatLedgerAmount, formatUsdt } from '@web/lib/format.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useAuditNote } from '@web/lib/use-audit-note.ts';
import { useTranslation } from 'react-i18next';
import { type IncidentDecision, useIncidentDecision } from '../api/post-incident-decision.ts';

/** The actions of each state, in their order: every button is the server's ability (`can` / `reason`). */
const ACTIONS: Record<string, readonly IncidentDecision[]> = {
  open: ['accept', 'reverse'],
  reversal_pending: ['cancel', 'confirm'],
};

/**
 * One chain incident as an admin decides it: the order or subscription it disputes, the member and the amount held,
 * where the payment was, what it credited (journal entries, team volume), and — while undecided — Reverse or Accept
 * (a reason required), or Confirm / Cancel of a reversal waiting for a second admin. Each action asks first and is
 * disabled, with the server's reason, when the server would refuse it.
 */
export function IncidentCard({ incident: i }: { incident: Incident }) {
  const { t } = useTranslation();
  const decide = useIncidentDecision();
  const note = useAuditNote();
  const actions = ACTIONS[i.status] ?? [];
  const ability = (d: IncidentDecision) => i[d];

  const act = async (decision: IncidentDecision) => {
    const text = note.take(decision === 'accept');
    if (text === null) return;
    const yes = await confirmModal({
      title: t(`incidents.confirm.${decision}.title`),
      content: t(`incidents.confirm.${decision}.text`, {
        id: i.id,
        amount: formatUsdt(i.amount_usdt),
        address: i.member,
      }),
      confirmText: t(`incidents.action.${decision}`),
      destructive: decision === 'reverse' || decision === 'confirm',
    });
    if (!yes) return;
    try {
      const done = await decide.mutateAsync({ id: i.id, decision, text });
      note.clear();
      void toast(t(`incidents.done.${done.status}`, { id: i.id }));
    } catch {
      // The request wrapper toasted the server's message; the list reloads either way.
    }
  };

  return (
    <article className="card incident" data-testid={`incident-${i.id}`} data-status={i.status}>
      <div className="card-head">
        <h3 className="card-title">{t('incidents.idLabel', { id: i.id })}</h3>
        <span className={`incident-status incident-status--${i.status}`} data-testid="incident-status">
          {t(`incidents.status.${i.status}`)}
        </span>
      </div>
      <dl className="rows">
        <ValueRow label={t(`incidents.subject.${i.subject}`)} testId="incident-subject">
          {t('incidents.subjectValue', {
            id: i.subject_id,
            product: i.product,
            status: t(
              i.subject === 'shop_order'
                ? `order.status.${i.subject_status}`
                : `fund.status.order.${i.subject_status}`,
            ),
          })}
        </ValueRow>
        <ValueRow label={t('incidents.fields.member')}>
          <Address address={i.member} />
        </ValueRow>
        <ValueRow label={t('incidents.fields.amount')} testId="incident-amount">
          {formatUsdt(i.amount_usdt)}
        </ValueRow>
        <ValueRow label={t('incidents.fields.opened')}>{formatEventTime(i.opened_at, t)}</ValueRow>
        <ValueRow label={t('incidents.fields.payment')}>
          <span title={i.tx_hash}>
            {t('incidents.paymentValue', { tx: ellipsisMiddle(i.tx_hash), block: i.block_number })}
          </span>
        </ValueRow>
      </dl>
      <section className="incident-touched" data-testid="incident-touched">
        <h4 className="incident-touched-title">{t('incidents.touched')}</h4>
        <ul>
          {i.touched.postings.map((p) => (
            <li key={`${p.account}|${p.holder ?? ''}|${p.asset}`} data-testid="incident-posting">
              <span className="incident-account">{p.account}</span>
              {p.holder && <Address address={p.holder} copy={false} />}
              <span className="incident-posting-amount">+{formatLedgerAmount(p.amount, p.asset)}</span>
            </li>
          ))}
          {i.touched.team_volume && <li data-testid="incident-team-volume">{t('incidents.teamVolume')}</li>}
        </ul>
      </section>
      {i.needs_second_admin && i.status === 'open' && (
        <p className="muted small" data-testid="incident-two-admins">
          {t('incidents.twoAdmins')}
        </p>
      )}
      {i.reversal_requested_by && (
        <p className="small" data-testid="incident-requested">
          {t('incidents.requestedBy')} <Address address={i.reversal_requested_by} copy={false} /> ·{' '}
          {formatEventTime(i.reversal_requested_at, t)}
        </p>
      )}
      {i.resolved_by && (
        <p className="small" data-testid="incident-resolved">
          {t(`incidents.resolvedBy.${i.status}`)} <Address address={i.resolved_by} copy={false} /> ·{' '}
          {formatEventTime(i.resolved_at, t)}
        </p>
      )}
      {i.reason && (
        <p className="small break" data-testid="incident-reason">
          {t('incidents.reasonLabel', { reason: i.reason })}
        </p>
      )}
      {actions.length > 0 && (
        <>
          {actions.map((d) => (
            <AbilityReason key={d} ability={ability(d)} testId={`incident-${d}-reason`} />
          ))}
          {i.status === 'open' && (
            <AuditNote
              note={note}
              testId="incident-note"
              placeholder={t('incidents.notePlaceholder')}
              requiredTestId="incident-reason-required"
              requiredText={t('incidents.reasonRequired')}
            />
          )}
          <AuditActions
            testIdPrefix="incident"
            actions={actions.map((d) => ({
              key: d,
              label: t(`incidents.action.${d}`),
              look: d === 'reverse' || d === 'confirm' ? 'danger' : 'primary',
              disabled: decide.isPending || !ability(d).can,
            }))}
            onAction={(d) => void act(d)}
          />
        </>
      )}
    </article>
  );
}
