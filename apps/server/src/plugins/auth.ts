import type { Role } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import type { MemberSnapshot, SessionState } from '@server/lib/caches.ts';
import { forbidden, unauthorized } from '@server/lib/errors.ts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SessionUser {
  id: bigint;
  address: string;
  roles: Role[];
  /** The session the request's token names (logout ends it); absent for work done outside a request. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /**
     * The signed-in member of a route behind `authenticate` or `requireRole` (its scope's onRequest hook): typed,
     * never null. Read anywhere else it answers 401 rather than act for nobody.
     */
    readonly member: SessionUser;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token matches X-Wallet-Address and a member. */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: 401 when signed out, 403 unless the member holds one of the roles (admin holds all). */
    requireRole: (...roles: Role[]) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * The member of a request that went through `authenticate` or `requireRole` (a route behind either never sees a
 * signed-out request; the check keeps the type honest without a non-null assertion).
 */
export function signedInUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** The role checks made by `requireRole`, with their roles: the API document derives a route's 403 from them. */
const roleGuards = new WeakMap<object, readonly Role[]>();

/** The roles a route's own hooks require (null: no role check), from its onRequest and preHandler hooks. */
export function requiredRoles(route: { onRequest?: unknown; preHandler?: unknown }): readonly Role[] | null {
  const hooks = [route.onRequest, route.preHandler].flat();
  for (const hook of hooks) {
    const roles = typeof hook === 'function' ? roleGuards.get(hook) : undefined;
    if (roles) return roles;
  }
  return null;
}

/** Roles granted in the database, plus admin for the addresses configured as initial admins. */
export function effectiveRoles(ctx: AppContext, granted: Role[], address: string): Role[] {
  const roles = new Set(granted);
  if (ctx.config.adminAddresses.includes(address.toLowerCase())) roles.add('admin');
  return [...roles].sort();
}

/**
 * Reads a token's session and its member (the auth module's, cached). Passed in by app.ts, so that the plugins stay
 * below the modules: every module uses this plugin, and the auth module is above most of them.
 */
export type SessionLookup = (
  ctx: AppContext,
  sessionId: string,
  userId: bigint,
) => Promise<{ session: SessionState | undefined; member: MemberSnapshot | undefined }>;

export const authPlugin = fp<{ ctx: AppContext; sessionAndMember: SessionLookup }>(
  async (app, { ctx, sessionAndMember }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('member', {
      getter(this: FastifyRequest) {
        if (!this.user) throw unauthorized('auth.required');
        return this.user;
      },
    });

    async function authenticate(req: FastifyRequest) {
      const header = req.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) throw unauthorized('auth.required');
      const verified = await ctx.tokens.verify(match[1]);
      if (!verified.ok)
        throw unauthorized(verified.reason === 'expired' ? 'auth.expired' : 'auth.invalid_token');
      const claimed = req.headers['x-wallet-address'];
      if (typeof claimed !== 'string' || claimed.toLowerCase() !== verified.address)
        throw unauthorized('auth.wallet_mismatch');
      const { session, member } = await sessionAndMember(ctx, verified.sessionId, verified.userId);
      // A logged-out (or unknown) session ends the token, however valid its signature.
      if (!session || session.userId !== verified.userId || session.revokedAt !== null)
        throw unauthorized('auth.session_ended');
      if (!member || member.address !== verified.address) throw unauthorized('auth.unknown_user');
      req.user = {
        id: member.id,
        address: member.address,
        roles: effectiveRoles(ctx, member.roles, member.address),
        sessionId: verified.sessionId,
      };
    }

    app.decorate('authenticate', async (req: FastifyRequest) => {
      await authenticate(req);
    });
    app.decorate('requireRole', (...roles: Role[]) => {
      const guard = async (req: FastifyRequest) => {
        if (!req.user) await authenticate(req);
        const have = req.user?.roles ?? [];
        if (!have.includes('admin') && !roles.some((r) => have.includes(r))) throw forbidden();
      };
      roleGuards.set(guard, roles);
      return guard;
    });
  },
);
