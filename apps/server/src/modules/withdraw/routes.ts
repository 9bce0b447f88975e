import {
  envelope,
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
import { buildClaim } from './claim.ts';
import { toWithdrawalDto } from './dto.ts';
import { withdrawalPage } from './repository.ts';
import { requestWithdrawal } from './requests.ts';
import { checkWithdrawal, findOwnWithdrawal, withdrawLimits } from './service.ts';

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
      const page = await withdrawalPage(ctx.db, { ...req.query, userId: req.user!.id });
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
