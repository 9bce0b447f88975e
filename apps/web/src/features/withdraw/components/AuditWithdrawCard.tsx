import { type AdminWithdrawal, ellipsisMiddle, shortAddress } from '@agc/shared';
import { AbilityReason } from '@web/components/AbilityReason.tsx';
import { Address } from '@web/components/Address.tsx';
import { AuditActions } from '@web/components/AuditActions.tsx';
import { AuditNote } from '@web/components/AuditNote.tsx';
import { formatAssetExact, formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { isRevocable, isRevoking } from '../audit-rules.ts';
import { useAuditDecision } from '../hooks/use-audit-decision.tsx';
import { AuditRows, breakable } from './AuditConfirm.tsx';
import { WithdrawStatusTag } from './WithdrawStatusTag.tsx';

/** The decisions of each state, in their order (Approve is the primary one, the others danger). */
const ACTIONS = { open: ['reject', 'approve'], revocable: ['revoke'] } as const;

/** The claim transaction: a link to the explorer when the server gives one, else the whole hash. */
function ClaimTx({ w, hash }: { w: AdminWithdrawal; hash: string }) {
  if (!w.explorer_url) return breakable(hash);
  return (
    <a href={w.explorer_url} target="_blank" rel="noreferrer" title={hash}>
      {ellipsisMiddle(hash)}
    </a>
  );
}

/**
 * What the auditor sees of the maker-checker rule on an Auditing withdrawal: two approvers, the first one, and why
 * this auditor may not approve it (the server's reason: their own, the first approval theirs, an approver they
 * gained their role from recently, a chain incident holding the member's withdrawals).
 */
function ApprovalHints({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation();
  return (
    <>
      {w.needs_second_approval && (
        <p className="withdraw-audit-hint" data-testid="withdraw-audit-two-approvers">
          {t('withdrawAudit.twoApprovers')}
        </p>
      )}
      {w.first_approved_by && (
        <p
          className="withdraw-audit-hint"
          data-testid="withdraw-audit-first-approval"
          title={w.first_approved_by}
        >
          {t('withdrawAudit.firstApproval', { address: shortAddress(w.first_approved_by) })}
        </p>
      )}
      <AbilityReason ability={w.approve} testId="withdraw-audit-approve-blocked" />
    </>
  );
}

/**
 * One withdrawal as the auditor sees it. Amounts keep every decimal of the asset (6 for USDT, 18 for
 * AGC) instead of the app's usual 2–4: an auditor approves exactly what the vault will pay, and a
 * rounded figure could hide a difference. While Auditing: Approve (the note is optional) and Reject
 * (the text is the reason the member will read: required), with the two-approver state of a large
 * amount; Approve is disabled, with the server's reason, for an auditor the server would refuse (the
 * row's `approve` ability). While Withdrawable: Revoke (the reason is required), then
 * "waiting for the chain" with the cancel transaction. Each action asks first, and the lists reload
 * after it whatever the answer. `onSelect` adds a checkbox for the bulk approval.
 */
export function AuditWithdrawCard({
  withdrawal: w,
  selected,
  onSelect,
  selectDisabled,
  onDecided,
}: {
  withdrawal: AdminWithdrawal;
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  selectDisabled?: boolean;
  onDecided?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const decision = useAuditDecision(w, onDecided);
  const busy = decision.busy;
  const open = w.status === 'Auditing';
  const rejected = w.status === 'Rejected';
  const revocable = isRevocable(w);

  return (
    <article
      className={`card withdraw-audit-item${selected ? ' withdraw-audit-item--selected' : ''}`}
      data-testid={`withdraw-audit-item-${w.withdraw_id}`}
      data-status={w.status}
    >
      <div className="withdraw-audit-head">
        {onSelect ? (
          <label className="withdraw-audit-select">
            <input
              type="checkbox"
              data-testid="withdraw-audit-select"
              checked={selected ?? false}
              disabled={busy || (selectDisabled && !selected)}
              onChange={(event) => onSelect(event.target.checked)}
            />
            <span>{t('withdrawAudit.idLabel', { id: w.withdraw_id })}</span>
          </label>
        ) : (
          <span className="withdraw-audit-id">{t('withdrawAudit.idLabel', { id: w.withdraw_id })}</span>
        )}
        <WithdrawStatusTag status={w.status} testId="withdraw-audit-status" />
      </div>
      <AuditRows
        testIdPrefix="withdraw-audit"
        rows={[
          [t('withdrawAudit.fields.address'), 'address-value', <Address key="address" address={w.address} />],
          [t('withdrawAudit.fields.asset'), 'asset', w.asset],
          [t('withdrawAudit.fields.amount'), 'amount', formatAssetExact(w.amount, w.asset)],
          [
            t('withdrawAudit.fields.fee', { rate: w.fee_rate }),
            'fee',
            formatAssetExact(w.service_fee, w.asset),
          ],
          [t('withdrawAudit.fields.received'), 'received', formatAssetExact(w.received, w.asset)],
          [t('withdrawAudit.fields.available'), 'available', formatAssetExact(w.member_available, w.asset)],
          [t('withdrawAudit.fields.created_at'), 'created', formatEventTime(w.created_at, t)],
          [t('withdrawAudit.fields.audited_at'), 'audited', w.audited_at && formatEventTime(w.audited_at, t)],
          [t('withdrawAudit.fields.note'), 'note-value', w.audit_note && breakable(w.audit_note)],
          [t('withdrawAudit.fields.reason'), 'reason-value', rejected && w.reason && breakable(w.reason)],
          [
            t('withdrawAudit.fields.revoke_tx'),
            'revoke-tx',
            rejected && w.revoke_tx_hash && breakable(w.revoke_tx_hash),
          ],
          [
            t('withdrawAudit.fields.claim_tx'),
            'claim-tx',
            w.claim_tx_hash && <ClaimTx w={w} hash={w.claim_tx_hash} />,
          ],
        ]}
      />
      {open && <ApprovalHints w={w} />}
      {isRevoking(w) && (
        <div className="notice withdraw-audit-revoking" role="status" data-testid="withdraw-audit-revoking">
          <p>{t('withdrawAudit.revoking')}</p>
          {w.revoke_tx_hash && (
            <p className="small break" data-testid="withdraw-audit-revoke-tx">
              {w.revoke_tx_hash}
            </p>
          )}
        </div>
      )}
      {(open || revocable) && (
        <>
          <AuditNote
            note={decision.note}
            testId="withdraw-audit-note"
            placeholder={t(open ? 'withdrawAudit.notePlaceholder' : 'withdrawAudit.revokePlaceholder')}
            requiredTestId="withdraw-audit-reason-required"
            requiredText={t(open ? 'withdrawAudit.reasonRequired' : 'withdrawAudit.revokeReasonRequired')}
          />
          <AuditActions
            testIdPrefix="withdraw-audit"
            actions={ACTIONS[open ? 'open' : 'revocable'].map((action) => ({
              key: action,
              label: t(`withdrawAudit.${action}`),
              look: action === 'approve' ? 'primary' : 'danger',
              disabled: busy || (action === 'approve' && !w.approve.can),
            }))}
            onAction={(action) => void decision.act(action)}
          />
        </>
      )}
    </article>
  );
}
