import { type FundNavEntry, fundNavEntrySchema, fundNavPreviewSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { fundAdminKeys } from './keys.ts';

/**
 * POST /admin/funds/products/{id}/nav {day, nav}: Published (and priced at once) or PendingConfirmation when the
 * step exceeds the limit. The form shows the server's message itself.
 */
export const publishNav = ({ productId, day, nav }: { productId: number; day: string; nav: string }) =>
  post(`/admin/funds/products/${productId}/nav`, { day, nav }, { schema: fundNavEntrySchema, silent: true });

/**
 * POST /admin/funds/products/{id}/nav/preview {day, nav}: what publishing would do (the step and the 7-day move in
 * percent, the limits, whether a second admin must confirm), refused as publishing would be; nothing is written.
 */
export const previewNav = ({ productId, day, nav }: { productId: number; day: string; nav: string }) =>
  post(
    `/admin/funds/products/${productId}/nav/preview`,
    { day, nav },
    { schema: fundNavPreviewSchema, silent: true },
  );

/** After any NAV decision: the products (latest NAV) and the pending list are read again. */
export function useNavChanged() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (_entry: FundNavEntry) => {
      void queryClient.invalidateQueries({ queryKey: fundAdminKeys.products });
      void queryClient.invalidateQueries({ queryKey: fundAdminKeys.pendingNavs });
      void queryClient.invalidateQueries({ queryKey: fundAdminKeys.redemptions });
    },
  };
}

export const usePublishNav = () => useMutation({ mutationFn: publishNav, ...useNavChanged() });
