import { ellipsisMiddle, type Withdrawal } from '@agc/shared';
import { Address } from '@web/components/Address.tsx';
import { type FieldRow, FieldRows } from '@web/components/FieldRows.tsx';
import { formatAsset, formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../format.ts';
import { WithdrawStatusTag } from './WithdrawStatusTag.tsx';

/** The claim transaction, shortened, linking to the explorer page the server gives (`explorer_url`). */
function ClaimTx({ hash, url }: { hash: string; url: string | null }) {
  if (!url) return <span title={hash}>{ellipsisMiddle(hash)}</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer" title={hash}>
      {ellipsisMiddle(hash)}
    </a>
  );
}

/**
 * A withdrawal's fields, each as `withdraw-detail-<field>`, showing only what is true of its state now: the audit
 * time once audited, the voucher's expiry only while it can be claimed (Withdrawable), the claim transaction and
 * time once claimed, the reason of a rejection.
 */
export function WithdrawFields({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const time = (value: string | null) => formatEventTime(value, t);
  const rows: (FieldRow | false)[] = [
    ['withdraw_id', w.withdraw_id],
    ['asset', w.asset],
    ['status', <WithdrawStatusTag key="status" status={w.status} />],
    ['amount', formatAsset(w.amount, w.asset)],
    ['service_fee', formatAsset(w.service_fee, w.asset)],
    ['fee_rate', formatRate(w.fee_rate)],
    ['received', formatAsset(w.received, w.asset)],
    ['address', <Address key="address" address={w.address} />],
    w.status === 'Rejected' && ['reason', w.reason || '-'],
    ['created_at', time(w.created_at)],
    w.audited_at !== null && ['audited_at', time(w.audited_at)],
    w.status === 'Withdrawable' &&
      w.voucher_deadline !== null && ['voucher_deadline', time(w.voucher_deadline)],
    w.claim_tx_hash !== null && [
      'claim_tx_hash',
      <ClaimTx key="tx" hash={w.claim_tx_hash} url={w.explorer_url} />,
    ],
    w.claimed_at !== null && ['claimed_at', time(w.claimed_at)],
  ];
  return (
    <FieldRows
      rows={rows.filter((r): r is FieldRow => r !== false)}
      labelPrefix="withdraw.fields"
      testIdPrefix="withdraw-detail"
    />
  );
}
