import { earnTransferResponse } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import type { z } from 'zod';
import { useEarnChanged } from './use-earn-changed.ts';

export type EarnTransfer = z.infer<typeof earnTransferResponse>;
export type EarnDirection = 'in' | 'out';

/**
 * POST /earn/transfer-in or /earn/transfer-out {amount}: the movement made and the new summary. Silent: the form
 * shows the server's message when it refuses.
 */
export const postEarnTransfer = (direction: EarnDirection, amount: string): Promise<EarnTransfer> =>
  post(`/earn/transfer-${direction}`, { amount }, { schema: earnTransferResponse, silent: true });

export const useEarnTransfer = (direction: EarnDirection) =>
  useMutation({ mutationFn: (amount: string) => postEarnTransfer(direction, amount), ...useEarnChanged() });
