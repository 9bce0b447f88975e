import {
  adminWithdrawalSchema,
  adminWithdrawListResponse,
  adminWithdrawQuery,
  approveWithdrawBody,
  bulkApproveWithdrawBody,
  bulkApproveWithdrawResponse,
  envelope,
  rejectWithdrawBody,
  revokeWithdrawBody,
  type WithdrawType,
  withdrawIdParams,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import {
  approveWithdrawal,
  bulkApprove,
  listForAudit,
  rejectWithdrawal,
  revokeWithdrawal,
  toAdminRows,
} from './audit.ts';
import type { WithdrawalRow } from './repository.ts';

const bearer = [{ bearer: [] }];

/** The withdrawal audit (auditor or admin on the server; every decision audit-logged). */
export const withdrawAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auditor = app.requireRole('auditor');

  app.get(
    '/admin/withdraws',
    {
      schema: {
        tags: ['admin'],
        summary: 'Withdrawals to audit (Auditing by default), by type or member address (auditor or admin)',
        security: bearer,
        querystring: adminWithdrawQuery,
        response: { 200: envelope(adminWithdrawListResponse) },
      },
      onRequest: auditor,
    },
    async (req) => {
      const { type, ...q } = req.query;
      return ok(
        req,
        await listForAudit(ctx, {
          ...q,
          type: type === undefined ? undefined : (Number(type) as WithdrawType),
        }),
      );
    },
  );

  const adminDto = async (w: WithdrawalRow) => (await toAdminRows(ctx, [w]))[0]!;

  app.post(
    '/admin/withdraws/:withdraw_id/approve',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Approve an Auditing withdrawal: Withdrawable, or its first approval when the amount needs two approvers (never one’s own; auditor or admin)',
        security: bearer,
        params: withdrawIdParams,
        body: approveWithdrawBody,
        response: { 200: envelope(adminWithdrawalSchema) },
      },
      onRequest: auditor,
    },
    async (req) => {
      const w = await approveWithdrawal(ctx, req.user!, BigInt(req.params.withdraw_id), req.body.note);
      return ok(req, await adminDto(w));
    },
  );

  app.post(
    '/admin/withdraws/:withdraw_id/reject',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Reject an Auditing withdrawal with a reason: the amount returns to available (auditor or admin)',
        security: bearer,
        params: withdrawIdParams,
        body: rejectWithdrawBody,
        response: { 200: envelope(adminWithdrawalSchema) },
      },
      onRequest: auditor,
    },
    async (req) => {
      const w = await rejectWithdrawal(ctx, req.user!, BigInt(req.params.withdraw_id), req.body.reason);
      return ok(req, await adminDto(w));
    },
  );

  app.post(
    '/admin/withdraws/:withdraw_id/revoke',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Revoke an approved, unclaimed withdrawal: the vault cancels its voucher on chain; once that is final the withdrawal is Rejected with the reason and the amount returns to available (auditor or admin)',
        security: bearer,
        params: withdrawIdParams,
        body: revokeWithdrawBody,
        response: { 200: envelope(adminWithdrawalSchema) },
      },
      onRequest: auditor,
    },
    async (req) => {
      const w = await revokeWithdrawal(ctx, req.user!, BigInt(req.params.withdraw_id), req.body.reason);
      return ok(req, await adminDto(w));
    },
  );

  app.post(
    '/admin/withdraws/approve',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Approve many Auditing withdrawals at once; the others are reported as skipped (auditor or admin)',
        security: bearer,
        body: bulkApproveWithdrawBody,
        response: { 200: envelope(bulkApproveWithdrawResponse) },
      },
      onRequest: auditor,
    },
    async (req) => ok(req, await bulkApprove(ctx, req.user!, req.body.ids.map(BigInt), req.body.note)),
  );
};
