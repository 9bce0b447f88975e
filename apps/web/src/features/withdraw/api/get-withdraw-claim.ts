import { type WithdrawClaim, withdrawClaimResponse } from '@agc/shared';
import { get } from '@web/lib/request.ts';

/**
 * GET /withdraw/claim/{id}: for the member's own Withdrawable withdrawal, the vault claim
 * transaction carrying a freshly signed voucher (id, address, token, amount received, deadline).
 */
export const getWithdrawClaim = (id: string): Promise<WithdrawClaim> =>
  get(`/withdraw/claim/${encodeURIComponent(id)}`, undefined, {
    schema: withdrawClaimResponse,
    silent: true, // the claim shows its error where it was pressed
  });
