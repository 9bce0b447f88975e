import { type FundRedemption, fundRedemptionSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useFundAccountChanged } from './use-fund-account-changed.ts';

/** POST /funds/redemptions {order_id, units}: a Pending redemption (the sheet shows the server's message). */
export const requestRedemption = (input: { order_id: string; units: string }): Promise<FundRedemption> =>
  post('/funds/redemptions', input, { schema: fundRedemptionSchema, silent: true });

export const useRequestRedemption = () =>
  useMutation({ mutationFn: requestRedemption, ...useFundAccountChanged() });
