import { settlementPreviewResponse } from '@agc/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { settlementKeys } from './keys.ts';

export type SettlementPreview = z.infer<typeof settlementPreviewResponse>;

/**
 * GET /admin/settlements/preview?day= (admin; 403 otherwise): a settled day's run, or what running it
 * would pay now. Without a day the server picks one and says which (`day`) and which is next (`next_day`).
 */
export const getSettlementPreview = (day: string | null): Promise<SettlementPreview> =>
  get('/admin/settlements/preview', day ? { day } : undefined, {
    schema: settlementPreviewResponse,
    silent: true, // the page shows its error inline
  });

export function settlementPreviewQueryOptions(
  day: string | null,
  seed?: (preview: SettlementPreview) => void,
) {
  return queryOptions({
    queryKey: settlementKeys.preview(day),
    queryFn: async () => {
      const preview = await getSettlementPreview(day);
      seed?.(preview);
      return preview;
    },
    // A preview of an unsettled day changes with every confirmed order: read it again on each visit.
    staleTime: 5_000,
  });
}

/**
 * The preview of `day`; `null` asks the server's default. The default answer is also stored under its
 * own day, so opening the page and then showing that day costs one request.
 */
export function useSettlementPreview(day: string | null, options: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    ...settlementPreviewQueryOptions(day, (preview) => {
      if (day === null) queryClient.setQueryData(settlementKeys.preview(preview.day), preview);
    }),
    enabled: options.enabled ?? true,
  });
}
