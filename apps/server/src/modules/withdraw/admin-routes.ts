import {
  adminWithdrawalSchema,
  adminWithdrawListResponse,
  adminWithdrawQuery,
  approveWithdrawBody,
  bulkApproveWithdrawBody,
  bulkApproveWithdrawResponse,
  rejectWithdrawBody,
  revokeWithdrawBody,
  type WithdrawType,
  withdrawIdParams,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { routeSchemas } from '../../lib/route-schema.ts';
import {
  approveWithdrawal,
  bulkApprove,
  listForAudit,
  rejectWithdrawal,
  revokeWithdrawal,
  toAdminRows,
} from './audit.ts';
import type { WithdrawalRow } from './repository.ts';

const schema = routeSchemas('admin');

/** The withdrawal audit (auditor or admin on the server; every decision audit-logged). */
export const withdrawAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auditor = app.requireRole('auditor');

  app.get(
    '/admin/withdraws',
    {
      schema: schema(
        'Withdrawals to audit (Auditing by default), by type or member address (auditor or admin)',
        adminWithdrawListResponse,
        { querystring: adminWithdrawQuery },
      ),
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
      schema: schema(
        'Approve an Auditing withdrawal: Withdrawable, or its first approval when the amount needs two approvers (never one’s own; auditor or admin)',
        adminWithdrawalSchema,
        { params: withdrawIdParams, body: approveWithdrawBody },
      ),
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
      schema: schema(
        'Reject an Auditing withdrawal with a reason: the amount returns to available (auditor or admin)',
        adminWithdrawalSchema,
        { params: withdrawIdParams, body: rejectWithdrawBody },
      ),
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
      schema: schema(
        'Revoke an approved, unclaimed withdrawal: the vault cancels its voucher on chain; once that is final the withdrawal is Rejected with the reason and the amount returns to available (auditor or admin)',
        adminWithdrawalSchema,
        { params: withdrawIdParams, body: revokeWithdrawBody },
      ),
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
      schema: schema(
        'Approve many Auditing withdrawals at once; the others are reported as skipped (auditor or admin)',
        bulkApproveWithdrawResponse,
        { body: bulkApproveWithdrawBody },
      ),
      onRequest: auditor,
    },
    async (req) => ok(req, await bulkApprove(ctx, req.user!, req.body.ids.map(BigInt), req.body.note)),
  );
};
