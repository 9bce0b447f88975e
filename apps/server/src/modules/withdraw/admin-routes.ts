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
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { type ErrorStatus, routeSchemas } from '@server/lib/route-schema.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import type { Translate } from '@server/plugins/i18n.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
        await listForAudit(
          ctx,
          {
            ...q,
            type: type === undefined ? undefined : (Number(type) as WithdrawType),
          },
          req.member,
          req.t,
        ),
      );
    },
  );

  const adminDto = async (w: WithdrawalRow, viewer: SessionUser, t: Translate) =>
    defined((await toAdminRows(ctx, [w], viewer, t))[0]);

  /** A decision on one withdrawal, with the auditor's note or reason; answers it as the audit page shows it. */
  const decision = <B extends z.ZodType>(
    verb: 'approve' | 'reject' | 'revoke',
    summary: string,
    body: B,
    decide: (actor: SessionUser, id: bigint, body: z.output<B>) => Promise<WithdrawalRow>,
    errors: readonly ErrorStatus[],
  ) =>
    app.post(
      `/admin/withdraws/:withdraw_id/${verb}`,
      {
        schema: schema(summary, adminWithdrawalSchema, { params: withdrawIdParams, body, errors }),
        onRequest: auditor,
      },
      async (req) =>
        ok(
          req,
          await adminDto(
            await decide(req.member, BigInt(req.params.withdraw_id), req.body as z.output<B>),
            req.member,
            req.t,
          ),
        ),
    );
  decision(
    'approve',
    'Approve an Auditing withdrawal: Withdrawable, or its first approval when the amount needs two approvers (never one’s own; auditor or admin)',
    approveWithdrawBody,
    (actor, id, b) => approveWithdrawal(ctx, actor, id, b.note),
    [403, 404, 503],
  );
  decision(
    'reject',
    'Reject an Auditing withdrawal with a reason: the amount returns to available (auditor or admin)',
    rejectWithdrawBody,
    (actor, id, b) => rejectWithdrawal(ctx, actor, id, b.reason),
    [404],
  );
  decision(
    'revoke',
    'Revoke an approved, unclaimed withdrawal: the vault cancels its voucher on chain; once that is final the withdrawal is Rejected with the reason and the amount returns to available (auditor or admin)',
    revokeWithdrawBody,
    (actor, id, b) => revokeWithdrawal(ctx, actor, id, b.reason),
    [404],
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
    async (req) => ok(req, await bulkApprove(ctx, req.member, req.body.ids.map(BigInt), req.body.note)),
  );
};
