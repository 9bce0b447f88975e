import { earnOutPreviewResponse } from '@agc/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { earnKeys } from './keys.ts';

export type EarnOutPreview = z.infer<typeof earnOutPreviewResponse>;

/** GET /earn/transfer-out/preview?amount=: when a transfer out of that amount would arrive (creates nothing). */
export const getEarnOutPreview = (amount: string): Promise<EarnOutPreview> =>
  get('/earn/transfer-out/preview', { amount }, { schema: earnOutPreviewResponse, silent: true });

/** The preview of `amount` (null: none asked); the previous answer stays while the next loads. */
export const useEarnOutPreview = (amount: string | null) =>
  useQuery({
    queryKey: earnKeys.preview(amount ?? ''),
    queryFn: () => getEarnOutPreview(amount ?? ''),
    enabled: amount !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
