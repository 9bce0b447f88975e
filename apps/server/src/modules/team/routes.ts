import {
  inviteResponse,
  relationQuery,
  relationResponse,
  subtreeQuery,
  subtreeResponse,
  teamUsersQuery,
  teamUsersResponse,
  treeQuery,
  treeResponse,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getInvite, getRelation, getSubtree, getTree, teamUsers } from './service.ts';

const schema = routeSchemas('team');

/** The member's invitation and team: only ever their own subtree (anything else is 404, not a leak). */
export const teamRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Authentication before validation: a signed-out caller gets 401, never a validation answer.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/me/invite',
    {
      schema: schema(
        'My invitation code, the left/right link queries, invitee counts and the configured rates',
        inviteResponse,
      ),
    },
    async (req) => ok(req, await getInvite(ctx, req.member.id)),
  );

  app.get(
    '/me/tree',
    {
      schema: schema(
        'A node of my placement subtree (default: me) with its two children; 404 outside it',
        treeResponse,
        { querystring: treeQuery, errors: [404] },
      ),
      // Hot while a member browses the chart: the answer is typed by the same schema (TypeScript) and
      // tested, so it is written with JSON.stringify instead of being validated again on every request.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) =>
      ok(
        req,
        await getTree(ctx, req.member.id, req.query.id === undefined ? undefined : BigInt(req.query.id)),
      ),
  );

  app.get(
    '/me/tree/subtree',
    {
      schema: schema(
        'A node of my placement subtree (default: me) and all below it, level by level, at most 2,000 nodes (then truncated); 404 outside it',
        subtreeResponse,
        { querystring: subtreeQuery, errors: [404] },
      ),
    },
    async (req) =>
      ok(
        req,
        await getSubtree(ctx, req.member.id, req.query.id === undefined ? undefined : BigInt(req.query.id)),
      ),
  );

  app.get(
    '/me/relation',
    {
      schema: schema(
        'The placement path from me down to a member of my subtree, by address; 404 outside it',
        relationResponse,
        { querystring: relationQuery, errors: [404] },
      ),
    },
    async (req) => ok(req, await getRelation(ctx, req.member.id, req.query.address)),
  );

  app.get(
    '/me/team',
    {
      schema: schema(
        'Team users: my direct invitees or my placement team, by sector and status, paged',
        teamUsersResponse,
        { querystring: teamUsersQuery },
      ),
    },
    async (req) => {
      const { list, hasMore } = await teamUsers(ctx, req.member.id, req.query);
      return ok(req, { list, page: req.query.page, size: req.query.size, has_more: hasMore });
    },
  );
};
