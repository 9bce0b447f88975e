import { type AdminWithdrawal, ellipsisMiddle, shortAddress } from '@agc/shared';
import TextArea from 'antd-mobile/es/components/text-area';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAssetExact, formatEventTime } from '../../../lib/format.ts';
import { confirmModal, toast } from '../../../lib/ui.ts';
import { useApproveWithdraw } from '../api/post-admin-withdraw-approve.ts';
import { useRejectWithdraw } from '../api/post-admin-withdraw-reject.ts';
import { useRevokeWithdraw } from '../api/post-admin-withdraw-revoke.ts';
import { approvalBlock, isRevocable, isRevoking } from '../audit-rules.ts';
import { WithdrawStatusTag } from './WithdrawStatusTag.tsx';

/** The note's and the reason's length limit (the server's as well). */
export const AUDIT_TEXT_MAX = 500;

type Action = 'approve' | 'reject' | 'revoke';

/** The label of the text that goes with each action: the member reads the reason of a reject or revoke. */
const TEXT_LABEL: Record<Action, string> = {
  approve: 'withdrawAudit.fields.note',
  reject: 'withdrawAudit.fields.reason',
  revoke: 'withdrawAudit.fields.revokeReason',
};

/** The OK button of every confirmation on this page, with its test id. */
export function AuditConfirmOk() {
  const { t } = useTranslation();
  return <span data-testid="withdraw-audit-confirm-ok">{t('common.ok')}</span>;
}

function Row({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** What a confirmation names: the withdrawal, the money, and the note or reason that goes with it. */
function ConfirmSummary({ w, action, text }: { w: AdminWithdrawal; action: Action; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="withdraw-audit-confirm" data-testid="withdraw-audit-confirm" data-action={action}>
      <p>{t(`withdrawAudit.${action}Confirm`, { id: w.withdraw_id })}</p>
      {action === 'approve' && w.needs_second_approval && !w.first_approved_by && (
        <p data-testid="withdraw-audit-confirm-two">{t('withdrawAudit.firstApprovalConfirm')}</p>
      )}
      <dl className="rows">
        <Row label={t('withdrawAudit.fields.address')} testId="withdraw-audit-confirm-address">
          <span className="break">{w.address}</span>
        </Row>
        <Row label={t('withdrawAudit.fields.amount')} testId="withdraw-audit-confirm-amount">
          {formatAssetExact(w.amount, w.asset)}
        </Row>
        <Row label={t('withdrawAudit.fields.received')} testId="withdraw-audit-confirm-received">
          {formatAssetExact(w.received, w.asset)}
        </Row>
        {text && (
          <Row label={t(TEXT_LABEL[action])} testId="withdraw-audit-confirm-text">
            <span className="break">{text}</span>
          </Row>
        )}
      </dl>
    </div>
  );
}

/** What the auditor sees of the maker-checker rule on an Auditing withdrawal. */
function ApprovalHints({ w, block }: { w: AdminWithdrawal; block: ReturnType<typeof approvalBlock> }) {
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
      {block && (
        <p className="muted small" data-testid="withdraw-audit-approve-blocked" data-reason={block}>
          {t(block === 'own' ? 'withdrawAudit.ownWithdrawal' : 'withdrawAudit.firstApproverYou')}
        </p>
      )}
    </>
  );
}

/**
 * One withdrawal as the auditor sees it. Amounts keep every decimal of the asset (6 for USDT, 18 for
 * AGC) instead of the app's usual 2–4: an auditor approves exactly what the vault will pay, and a
 * rounded figure could hide a difference. While Auditing: Approve (the note is optional) and Reject
 * (the text is the reason the member will read: required), with the two-approver state of a large
 * amount; Approve is disabled for the auditor (`viewer`) who may not give it (their own withdrawal,
 * or the first approval already theirs). While Withdrawable: Revoke (the reason is required), then
 * "waiting for the chain" with the cancel transaction. Each action asks first, and the lists reload
 * after it whatever the answer. `onSelect` adds a checkbox for the bulk approval.
 */
export function AuditWithdrawCard({
  withdrawal: w,
  viewer,
  selected,
  onSelect,
  selectDisabled,
  onDecided,
}: {
  withdrawal: AdminWithdrawal;
  /** The session's wallet address (the auditor), when known. */
  viewer?: string;
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  selectDisabled?: boolean;
  onDecided?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const approve = useApproveWithdraw();
  const reject = useRejectWithdraw();
  const revoke = useRevokeWithdraw();
  const busy = approve.isPending || reject.isPending || revoke.isPending;
  const open = w.status === 'Auditing';
  const revocable = isRevocable(w);
  const block = open ? approvalBlock(w, viewer) : null;

  const act = async (action: Action) => {
    if (busy) return;
    const value = text.trim();
    if (action !== 'approve' && !value) {
      setReasonMissing(true);
      return;
    }
    const ok = await confirmModal({
      title: t(`withdrawAudit.${action}Title`),
      content: <ConfirmSummary w={w} action={action} text={value} />,
      confirmText: <AuditConfirmOk />,
    });
    if (!ok) return;
    try {
      let done = `withdrawAudit.${action}Done`;
      if (action === 'approve') {
        const after = await approve.mutateAsync({ id: w.withdraw_id, note: value || undefined });
        // an amount that needs two approvers stays Auditing after the first
        if (after.status === 'Auditing') done = 'withdrawAudit.firstApprovalDone';
      } else if (action === 'reject') await reject.mutateAsync({ id: w.withdraw_id, reason: value });
      else await revoke.mutateAsync({ id: w.withdraw_id, reason: value });
      setText('');
      onDecided?.(w.withdraw_id);
      void toast(t(done, { id: w.withdraw_id }));
    } catch {
      // the request wrapper has shown the server's message; the lists reload either way
    }
  };

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
      <dl className="rows">
        <Row label={t('withdrawAudit.fields.address')} testId="withdraw-audit-address-value">
          <span className="break">{w.address}</span>
        </Row>
        <Row label={t('withdrawAudit.fields.asset')} testId="withdraw-audit-asset">
          {w.asset}
        </Row>
        <Row label={t('withdrawAudit.fields.amount')} testId="withdraw-audit-amount">
          {formatAssetExact(w.amount, w.asset)}
        </Row>
        <Row label={t('withdrawAudit.fields.fee', { rate: w.fee_rate })} testId="withdraw-audit-fee">
          {formatAssetExact(w.service_fee, w.asset)}
        </Row>
        <Row label={t('withdrawAudit.fields.received')} testId="withdraw-audit-received">
          {formatAssetExact(w.received, w.asset)}
        </Row>
        <Row label={t('withdrawAudit.fields.available')} testId="withdraw-audit-available">
          {formatAssetExact(w.member_available, w.asset)}
        </Row>
        <Row label={t('withdrawAudit.fields.created_at')} testId="withdraw-audit-created">
          {formatEventTime(w.created_at, t)}
        </Row>
        {w.audited_at && (
          <Row label={t('withdrawAudit.fields.audited_at')} testId="withdraw-audit-audited">
            {formatEventTime(w.audited_at, t)}
          </Row>
        )}
        {w.audit_note && (
          <Row label={t('withdrawAudit.fields.note')} testId="withdraw-audit-note-value">
            <span className="break">{w.audit_note}</span>
          </Row>
        )}
        {w.status === 'Rejected' && w.reason && (
          <Row label={t('withdrawAudit.fields.reason')} testId="withdraw-audit-reason-value">
            <span className="break">{w.reason}</span>
          </Row>
        )}
        {w.status === 'Rejected' && w.revoke_tx_hash && (
          <Row label={t('withdrawAudit.fields.revoke_tx')} testId="withdraw-audit-revoke-tx">
            <span className="break">{w.revoke_tx_hash}</span>
          </Row>
        )}
        {w.claim_tx_hash && (
          <Row label={t('withdrawAudit.fields.claim_tx')} testId="withdraw-audit-claim-tx">
            {w.explorer_url ? (
              <a href={w.explorer_url} target="_blank" rel="noreferrer" title={w.claim_tx_hash}>
                {ellipsisMiddle(w.claim_tx_hash)}
              </a>
            ) : (
              <span className="break">{w.claim_tx_hash}</span>
            )}
          </Row>
        )}
      </dl>
      {open && <ApprovalHints w={w} block={block} />}
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
          <TextArea
            className="audit-note"
            data-testid="withdraw-audit-note"
            placeholder={t(open ? 'withdrawAudit.notePlaceholder' : 'withdrawAudit.revokePlaceholder')}
            value={text}
            maxLength={AUDIT_TEXT_MAX}
            rows={2}
            onChange={(value) => {
              setText(value);
              if (value.trim()) setReasonMissing(false);
            }}
          />
          {reasonMissing && (
            <p className="error-text" role="alert" data-testid="withdraw-audit-reason-required">
              {t(open ? 'withdrawAudit.reasonRequired' : 'withdrawAudit.revokeReasonRequired')}
            </p>
          )}
          {open ? (
            <div className="audit-actions">
              <button
                type="button"
                className="btn btn-danger btn-small"
                data-testid="withdraw-audit-reject"
                disabled={busy}
                onClick={() => void act('reject')}
              >
                {t('withdrawAudit.reject')}
              </button>
              <button
                type="button"
                className="btn btn-primary btn-small"
                data-testid="withdraw-audit-approve"
                disabled={busy || block !== null}
                onClick={() => void act('approve')}
              >
                {t('withdrawAudit.approve')}
              </button>
            </div>
          ) : (
            <div className="audit-actions">
              <button
                type="button"
                className="btn btn-danger btn-small"
                data-testid="withdraw-audit-revoke"
                disabled={busy}
                onClick={() => void act('revoke')}
              >
                {t('withdrawAudit.revoke')}
              </button>
            </div>
          )}
        </>
      )}
    </article>
  );
}
