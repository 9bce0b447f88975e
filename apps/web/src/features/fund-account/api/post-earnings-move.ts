import { moveFundProfitResponse } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import type { z } from 'zod';
import { useFundAccountChanged } from './use-fund-account-changed.ts';

export type MoveFundProfitResult = z.infer<typeof moveFundProfitResponse>;

/** POST /funds/earnings/move {amount}: fund_available_profit → available USDT (the form shows the server's msg). */
export const moveFundProfit = (amount: string): Promise<MoveFundProfitResult> =>
  post('/funds/earnings/move', { amount }, { schema: moveFundProfitResponse, silent: true });

export const useMoveFundProfit = () =>
  useMutation({ mutationFn: moveFundProfit, ...useFundAccountChanged() });
