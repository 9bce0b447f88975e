import { bulkApproveWithdrawResponse } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import type { z } from 'zod';
import { useAuditDecided } from './use-audit-decided.ts';

export type BulkApproveResult = z.infer<typeof bulkApproveWithdrawResponse>;

/** The server takes at most this many ids in one request; the page lets no more be selected. */
export const BULK_APPROVE_MAX = 200;

/**
 * POST /admin/withdraws/approve {ids, note?} → {approved, awaiting_second, skipped}: every listed
 * withdrawal still Auditing becomes Withdrawable, or, for an amount that needs two approvers, gets its
 * first approval (awaiting_second) and stays Auditing; the others (decided meanwhile, unknown, the
 * approver's own, or first-approved by this approver already) come back as skipped. Not silent: a
 * refusal is toasted with the server's translated msg.
 */
export const bulkApproveWithdraws = ({
  ids,
  note,
}: {
  ids: readonly string[];
  note?: string;
}): Promise<BulkApproveResult> =>
  post('/admin/withdraws/approve', note ? { ids, note } : { ids }, { schema: bulkApproveWithdrawResponse });

export const useBulkApproveWithdraws = () =>
  useMutation({ mutationFn: bulkApproveWithdraws, ...useAuditDecided() });
