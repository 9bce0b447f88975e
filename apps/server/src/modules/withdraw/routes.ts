import {
  withdrawalSchema,
  withdrawBody,
  withdrawCheckResponse,
  withdrawClaimParams,
  withdrawClaimRefusalData,
  withdrawClaimResponse,
  withdrawIdParams,
  withdrawLimitResponse,
  withdrawListQuery,
  withdrawListResponse,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perMember } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildClaim } from './claim.ts';
import { toWithdrawalDto } from './dto.ts';
import { withdrawalPage } from './repository.ts';
import { requestWithdrawal } from './requests.ts';
import { checkWithdrawal, findOwnWithdrawal, withdrawLimits } from './service.ts';

const schema = routeSchemas('withdraw');

/** The member's withdrawals: check, limit, request, list, detail and the claim transaction. */
export const withdrawRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/withdraw/check',
    {
      schema: schema(
        'Fee, amount received and today’s remaining limit of an amount, or why it cannot go now',
        withdrawCheckResponse,
        { body: withdrawBody },
      ),
    },
    async (req) => ok(req, await checkWithdrawal(ctx, req.member, req.body, req.t)),
  );

  app.get(
    '/withdraw/limit',
    {
      schema: schema(
        'Today’s (UTC) withdrawal limit per asset: limit, used, remaining, available',
        withdrawLimitResponse,
      ),
    },
    async (req) => ok(req, await withdrawLimits(ctx, req.member)),
  );

  app.post(
    '/withdraw',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'Request a withdrawal: the amount moves from available to locked; state Auditing',
        withdrawalSchema,
        { body: withdrawBody, errors: [503] },
      ),
    },
    async (req) => ok(req, toWithdrawalDto(ctx, await requestWithdrawal(ctx, req.member, req.body))),
  );

  app.get(
    '/withdraws',
    {
      schema: schema('The member’s withdrawals, newest first, optionally by status', withdrawListResponse, {
        querystring: withdrawListQuery,
      }),
    },
    async (req) => {
      const page = await withdrawalPage(ctx.db, { ...req.query, userId: req.member.id });
      return ok(req, { ...page, list: page.list.map((w) => toWithdrawalDto(ctx, w)) });
    },
  );

  app.get(
    '/withdraw/:withdraw_id',
    {
      schema: schema('One of the member’s withdrawals (another member’s answers 404)', withdrawalSchema, {
        params: withdrawIdParams,
        errors: [404],
      }),
    },
    async (req) =>
      ok(
        req,
        toWithdrawalDto(ctx, await findOwnWithdrawal(ctx.db, req.member.id, BigInt(req.params.withdraw_id))),
      ),
  );

  app.get(
    '/withdraw/claim/:id',
    {
      config: { rateLimit: perMember(ctx) },
      schema: schema(
        'The vault claim transaction with a fresh signed voucher (own Withdrawable withdrawal only)',
        withdrawClaimResponse,
        { params: withdrawClaimParams, errors: [404], errorData: { 400: withdrawClaimRefusalData } },
      ),
    },
    async (req) => ok(req, await buildClaim(ctx, req.member, BigInt(req.params.id))),
  );
};
