import { type FundRedemption, fundRedemptionSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useFundAccountChanged } from './use-fund-account-changed.ts';

/** POST /funds/redemptions/cancel {redemption_id}: withdraws a Pending request; its units are held again. */
export const cancelRedemption = (redemptionId: string): Promise<FundRedemption> =>
  post('/funds/redemptions/cancel', { redemption_id: redemptionId }, { schema: fundRedemptionSchema });

export const useCancelRedemption = () =>
  useMutation({ mutationFn: cancelRedemption, ...useFundAccountChanged() });
