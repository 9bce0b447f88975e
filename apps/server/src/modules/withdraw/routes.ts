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
  withdrawalSchema,
  withdrawBody,
  withdrawCheckResponse,
  withdrawClaimParams,
  withdrawClaimResponse,
  withdrawIdParams,
  withdrawLimitResponse,
  withdrawListQuery,
  withdrawListResponse,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import {
  approveWithdrawal,
  bulkApprove,
  listForAudit,
  rejectWithdrawal,
  revokeWithdrawal,
  toAdminRows,
} from './audit.ts';
import { buildClaim } from './claim.ts';
import { requestWithdrawal } from './requests.ts';
import {
  checkWithdrawal,
  findOwnWithdrawal,
  listWithdrawals,
  toWithdrawalDto,
  type WithdrawalRow,
  withdrawLimits,
} from './withdrawals.ts';

const bearer = [{ bearer: [] }];

/** The member's withdrawals: check, limit, request, list, detail and the claim transaction. */
export const withdrawRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/withdraw/check',
    {
      schema: {
        tags: ['withdraw'],
        summary: 'Fee, amount received and today’s remaining limit of an amount, or why it cannot go now',
        security: bearer,
        body: withdrawBody,
        response: { 200: envelope(withdrawCheckResponse) },
      },
    },
    async (req) => ok(req, await checkWithdrawal(ctx, req.user!, req.body, req.t)),
  );

  app.get(
    '/withdraw/limit',
    {
      schema: {
        tags: ['withdraw'],
        summary: 'Today’s (UTC) withdrawal limit per asset: limit, used, remaining, available',
        security: bearer,
        response: { 200: envelope(withdrawLimitResponse) },
      },
    },
    async (req) => ok(req, await withdrawLimits(ctx, req.user!)),
  );

  app.post(
    '/withdraw',
    {
      config: { rateLimit: perMember(ctx) },
      schema: {
        tags: ['withdraw'],
        summary: 'Request a withdrawal: the amount moves from available to locked; state Auditing',
        security: bearer,
        body: withdrawBody,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (req) => ok(req, toWithdrawalDto(ctx, await requestWithdrawal(ctx, req.user!, req.body))),
  );

  app.get(
    '/withdraws',
    {
      schema: {
        tags: ['withdraw'],
        summary: 'The member’s withdrawals, newest first, optionally by status',
        security: bearer,
        querystring: withdrawListQuery,
        response: { 200: envelope(withdrawListResponse) },
      },
    },
    async (req) => {
      const page = await listWithdrawals(ctx.db, { ...req.query, userId: req.user!.id });
      return ok(req, { ...page, list: page.list.map((w) => toWithdrawalDto(ctx, w)) });
    },
  );

  app.get(
    '/withdraw/:withdraw_id',
    {
      schema: {
        tags: ['withdraw'],
        summary: 'One of the member’s withdrawals (another member’s answers 404)',
        security: bearer,
        params: withdrawIdParams,
        response: { 200: envelope(withdrawalSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        toWithdrawalDto(ctx, await findOwnWithdrawal(ctx.db, req.user!.id, BigInt(req.params.withdraw_id))),
      ),
  );

  app.get(
    '/withdraw/claim/:id',
    {
      config: { rateLimit: perMember(ctx) },
      schema: {
        tags: ['withdraw'],
        summary: 'The vault claim transaction with a fresh signed voucher (own Withdrawable withdrawal only)',
        security: bearer,
        params: withdrawClaimParams,
        response: { 200: envelope(withdrawClaimResponse) },
      },
    },
    async (req) => ok(req, await buildClaim(ctx, req.user!, BigInt(req.params.id))),
  );
};

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
