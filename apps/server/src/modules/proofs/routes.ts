import {
  porHistoryQuery,
  porHistoryResponse,
  porLatestResponse,
  porProofQuery,
  porProofResponse,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { signedInUser } from '@server/plugins/auth.ts';
import { perClient } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { history, latest, memberProof } from './service.ts';

const schema = routeSchemas('por');
const publicSchema = routeSchemas('por', { signedIn: false });

/** Proof of liabilities: the public coverage (signed in or not) and a member's own proof. */
export const proofRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Public and read from the database: limited per client address like the other signed-out reads.
  const limit = { rateLimit: perClient(ctx.config.rateLimit.noncePerMinute) };
  app.get(
    '/por/latest',
    {
      config: limit,
      schema: publicSchema(
        "The latest published snapshot: members' liabilities, reserves and coverage per token, the reserves block and the attestation (public)",
        porLatestResponse,
      ),
    },
    async (req) => ok(req, await latest(ctx)),
  );
  app.get(
    '/por/snapshots',
    {
      config: limit,
      schema: publicSchema('Published snapshots, newest first (public)', porHistoryResponse, {
        querystring: porHistoryQuery,
      }),
    },
    async (req) => ok(req, await history(ctx, req.query.page, req.query.size)),
  );
  // The member's own proof: signed in (authentication before validation, so signed out is 401).
  app.get(
    '/por/proof',
    {
      onRequest: app.authenticate,
      schema: schema(
        "The caller's proof in the latest published snapshot (or snapshot_id): leaf, path, the parts it sums (404: no such snapshot, not in it, or its proofs are no longer kept)",
        porProofResponse,
        { querystring: porProofQuery, errors: [404] },
      ),
    },
    async (req) => ok(req, await memberProof(ctx, signedInUser(req).id, req.query.snapshot_id)),
  );
};
