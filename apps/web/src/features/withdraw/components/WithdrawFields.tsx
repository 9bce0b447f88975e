import type { Withdrawal } from '@agc/shared';
import { ellipsisMiddle } from '@agc/shared';
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

/** Every field of a withdrawal, each as `withdraw-detail-<field>`. */
export function WithdrawFields({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const time = (value: string | null) => formatEventTime(value, t);
  const rows: FieldRow[] = [
    ['withdraw_id', w.withdraw_id],
    ['asset', w.asset],
    ['status', <WithdrawStatusTag key="status" status={w.status} />],
    ['amount', formatAsset(w.amount, w.asset)],
    ['service_fee', formatAsset(w.service_fee, w.asset)],
    ['fee_rate', formatRate(w.fee_rate)],
    ['received', formatAsset(w.received, w.asset)],
    ['address', <Address key="address" address={w.address} />],
  ];
  if (w.status === 'Rejected') rows.push(['reason', w.reason || '-']);
  rows.push(
    ['created_at', time(w.created_at)],
    ['audited_at', time(w.audited_at)],
    ['voucher_deadline', time(w.voucher_deadline)],
    [
      'claim_tx_hash',
      w.claim_tx_hash ? <ClaimTx key="tx" hash={w.claim_tx_hash} url={w.explorer_url} /> : '-',
    ],
    ['claimed_at', time(w.claimed_at)],
  );
  return <FieldRows rows={rows} labelPrefix="withdraw.fields" testIdPrefix="withdraw-detail" />;
}
