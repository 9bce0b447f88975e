import type { DbOrTx } from '@agc/db';
import {
  type AuditLogPage,
  type auditLogQuery,
  ErrorCode,
  type Role,
  type RoleChange,
  type RoleGrant,
  type RoleHolders,
  type RoleRequest,
  type RoleRequestDecision,
} from '@agc/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { pageAnswer } from '../../lib/paging.ts';
import { effectiveRoles, type SessionUser } from '../../plugins/auth.ts';
import { auditPage, writeAudit } from '../audit/index.ts';
import { findByAddress, invalidateMember } from '../members/index.ts';
import {
  allGrants,
  decideRequest,
  deleteRole,
  grantedRoles,
  insertRequest,
  insertRole,
  lockAdminGrants,
  lockRequest,
  membersByAddress,
  pendingRequests,
  type RequestRow,
} from './repository.ts';

const conflict = (key: string, vars?: Record<string, string | number>) =>
  new AppError(ErrorCode.conflict, key, vars);

/** How the audit log names a member whose roles changed. */
export const memberTarget = (address: string) => `member:${address.toLowerCase()}`;

const iso = (d: Date) => d.toISOString();

/** The audit entry of one role change: `role.<action>` on the member, by the acting admin, roles before and after. */
const auditRoleChange = (
  tx: DbOrTx,
  actor: SessionUser,
  action: 'grant' | 'revoke' | 'request' | 'confirm' | 'cancel',
  address: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) =>
  writeAudit(tx, {
    actorId: actor.id,
    action: `role.${action}`,
    target: memberTarget(address),
    before,
    after,
  });

const requestAnswer = (
  r: Pick<RequestRow, 'id' | 'address' | 'role' | 'requestedBy' | 'createdAt'>,
): RoleRequest => ({
  id: r.id.toString(),
  address: r.address,
  role: r.role,
  requested_by: r.requestedBy,
  created_at: iso(r.createdAt),
});

/** The member a change is about; a wallet that never signed up cannot hold a role. */
async function memberAt(ctx: AppContext, address: string) {
  const member = await findByAddress(ctx.db, address);
  if (!member) throw badRequest('roles.not_member', { address });
  return member;
}

/** What the member's next request carries: granted roles plus admin for a configured address. */
async function rolesNow(ctx: AppContext, tx: DbOrTx, member: { id: bigint; address: string }) {
  return effectiveRoles(ctx, await grantedRoles(tx, member.id), member.address);
}

/**
 * Every role holder (granted ones and the configured admins, signed up or not) and the grants of `admin` waiting
 * for a second admin.
 */
export async function roleHolders(ctx: AppContext): Promise<RoleHolders> {
  const configured = ctx.config.adminAddresses;
  const [grants, pending, members] = await Promise.all([
    allGrants(ctx.db),
    pendingRequests(ctx.db),
    membersByAddress(ctx.db, configured),
  ]);
  const holders = new Map<string, { member: boolean; roles: Map<Role, RoleGrant> }>();
  const holder = (address: string, member: boolean) => {
    let h = holders.get(address);
    if (!h) {
      h = { member, roles: new Map() };
      holders.set(address, h);
    }
    return h;
  };
  // Configured admins first: they are the ones nobody can remove here.
  for (const address of configured)
    holder(address, members.has(address)).roles.set('admin', {
      role: 'admin',
      granted_by: null,
      granted_at: null,
      from_config: true,
    });
  for (const g of grants) {
    const h = holder(g.address, true);
    const existing = h.roles.get(g.role);
    h.roles.set(g.role, {
      role: g.role,
      granted_by: g.grantedBy,
      granted_at: iso(g.grantedAt),
      from_config: existing?.from_config ?? false,
    });
  }
  const order: Role[] = ['admin', 'auditor', 'analyst'];
  return {
    holders: [...holders].map(([address, h]) => ({
      address,
      member: h.member,
      roles: order.flatMap((r) => h.roles.get(r) ?? []),
    })),
    pending: pending.map(requestAnswer),
  };
}

/**
 * Grants a role to a member. `auditor` and `analyst` take effect at once; `admin` becomes a request that another
 * admin confirms. Refused (nothing written): not a member, the role held already (a configured admin holds admin),
 * a grant of admin pending already.
 */
export async function grantRole(
  ctx: AppContext,
  actor: SessionUser,
  body: { address: string; role: Role },
): Promise<RoleChange> {
  const member = await memberAt(ctx, body.address);
  const now = ctx.now();
  const answer = await ctx.db.transaction(async (tx): Promise<RoleChange> => {
    const before = await rolesNow(ctx, tx, member);
    if (before.includes(body.role)) throw conflict('roles.already_held', { role: body.role });
    if (body.role === 'admin') {
      const id = await insertRequest(tx, member.id, 'admin', actor.id, now);
      if (id === null) throw conflict('roles.already_pending', { role: body.role });
      await auditRoleChange(
        tx,
        actor,
        'request',
        member.address,
        { roles: before },
        { roles: before, pending: { request: id.toString(), role: 'admin' } },
      );
      return {
        status: 'pending',
        address: member.address,
        roles: before,
        request: requestAnswer({
          id,
          address: member.address,
          role: 'admin',
          requestedBy: actor.address,
          createdAt: now,
        }),
      };
    }
    // A concurrent grant of the same role won: the primary key keeps one row.
    if (!(await insertRole(tx, member.id, body.role, actor.id, now)))
      throw conflict('roles.already_held', { role: body.role });
    const after = await rolesNow(ctx, tx, member);
    await auditRoleChange(tx, actor, 'grant', member.address, { roles: before }, { roles: after });
    return { status: 'granted', address: member.address, roles: after, request: null };
  });
  if (answer.status === 'granted') invalidateMember(ctx, member.id);
  return answer;
}

/**
 * Revokes a role. Refused (nothing written): not a member, not held, admin of a configured address (configuration
 * decides it), or the last admin. The admin rows stay locked until commit (lockAdminGrants), so concurrent
 * revocations count admins one after another.
 */
export async function revokeRole(
  ctx: AppContext,
  actor: SessionUser,
  body: { address: string; role: Role },
): Promise<RoleChange> {
  const member = await memberAt(ctx, body.address);
  const configured = ctx.config.adminAddresses;
  const answer = await ctx.db.transaction(async (tx): Promise<RoleChange> => {
    if (body.role === 'admin' && configured.includes(member.address)) throw conflict('roles.config_admin');
    const admins =
      body.role === 'admin'
        ? new Set([...(await lockAdminGrants(tx)), ...(await membersByAddress(tx, configured)).values()])
        : null;
    const granted = await grantedRoles(tx, member.id);
    if (!granted.includes(body.role)) throw conflict('roles.not_held', { role: body.role });
    if (admins && admins.size <= 1) throw conflict('roles.last_admin');
    const before = effectiveRoles(ctx, granted, member.address);
    await deleteRole(tx, member.id, body.role);
    const after = await rolesNow(ctx, tx, member);
    await auditRoleChange(tx, actor, 'revoke', member.address, { roles: before }, { roles: after });
    return { status: 'revoked', address: member.address, roles: after, request: null };
  });
  invalidateMember(ctx, member.id);
  return answer;
}

/** The pending request `id`, locked: absent → 404, decided already → 409. */
async function pendingRequest(tx: DbOrTx, id: string): Promise<RequestRow> {
  const request = await lockRequest(tx, BigInt(id));
  if (!request) throw notFound('roles.request_not_found');
  if (request.status !== 'pending') throw conflict('roles.request_decided');
  return request;
}

/** Another admin confirms a pending grant: the role is held from the member's next request. */
export async function confirmRequest(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<RoleRequestDecision> {
  const now = ctx.now();
  const answer = await ctx.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, id);
    if (request.requestedById === actor.id) throw conflict('roles.own_request');
    const member = { id: request.userId, address: request.address };
    const before = await rolesNow(ctx, tx, member);
    await insertRole(tx, request.userId, request.role, actor.id, now);
    await decideRequest(tx, request.id, 'confirmed', actor.id, now);
    const after = await rolesNow(ctx, tx, member);
    await auditRoleChange(
      tx,
      actor,
      'confirm',
      request.address,
      {
        roles: before,
        pending: { request: id, role: request.role, requested_by: request.requestedBy },
      },
      { roles: after },
    );
    return { request, after };
  });
  invalidateMember(ctx, answer.request.userId);
  return { id, status: 'confirmed', address: answer.request.address, roles: answer.after };
}

/** The requester or another admin cancels a pending grant: nothing changes for the member. */
export async function cancelRequest(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<RoleRequestDecision> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, id);
    await decideRequest(tx, request.id, 'cancelled', actor.id, now);
    const roles = await rolesNow(ctx, tx, { id: request.userId, address: request.address });
    await auditRoleChange(
      tx,
      actor,
      'cancel',
      request.address,
      { roles, pending: { request: id, role: request.role, requested_by: request.requestedBy } },
      { roles },
    );
    return { id, status: 'cancelled', address: request.address, roles };
  });
}

const DAY_MS = 86_400_000;

/** One page of the audit log, newest first; `to` is a whole day (UTC): entries up to its end. */
export async function auditLog(ctx: AppContext, q: z.output<typeof auditLogQuery>): Promise<AuditLogPage> {
  const { rows, total } = await auditPage(
    ctx.db,
    {
      actionPrefix: q.action,
      actorAddress: q.actor,
      targetPrefix: q.target,
      from: q.from === undefined ? undefined : new Date(`${q.from}T00:00:00Z`),
      until: q.to === undefined ? undefined : new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS),
    },
    { offset: (q.page - 1) * q.size, limit: q.size },
  );
  const list = rows.map((r) => ({
    id: r.id.toString(),
    actor: r.actorAddress,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
    created_at: iso(r.createdAt),
  }));
  return pageAnswer(list, total, q);
}
