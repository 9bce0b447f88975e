import { formatAmount, tokenDecimals, type Withdrawal, type WithdrawType } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ppmToPercent } from '@server/modules/rules/index.ts';
import type { WithdrawalRow } from './repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A withdrawal as the member's API shows it. */
export function toWithdrawalDto(ctx: AppContext, w: WithdrawalRow): Withdrawal {
  const type = w.type as WithdrawType;
  const d = tokenDecimals(type);
  return {
    withdraw_id: w.id.toString(),
    id: w.id.toString(),
    type,
    asset: w.asset,
    amount: formatAmount(w.amount, d),
    service_fee: formatAmount(w.fee, d),
    fee_rate: ppmToPercent(BigInt(w.feePpm)),
    received: formatAmount(w.received, d),
    address: w.address,
    status: w.status,
    reason: w.reason,
    created_at: w.createdAt.toISOString(),
    audited_at: iso(w.auditedAt),
    voucher_deadline: iso(w.voucherDeadline),
    claim_tx_hash: w.claimTxHash,
    claimed_at: iso(w.claimedAt),
    explorer_url: w.claimTxHash ? `${ctx.chain.explorerUrl}/tx/${w.claimTxHash}` : null,
  };
}
