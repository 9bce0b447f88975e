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
import type { AppContext } from '@server/context.ts';
import { abilityOf } from '@server/lib/ability.ts';
import { AppError, badRequest, notFound } from '@server/lib/errors.ts';
import { pageAnswer } from '@server/lib/paging.ts';
import { auditPage, writeAudit } from '@server/modules/audit/index.ts';
import {
  APPROVAL_ROLES,
  findByAddress,
  invalidateMember,
  type Member,
} from '@server/modules/members/index.ts';
import { effectiveRoles, type SessionUser } from '@server/plugins/auth.ts';
import type { Translate } from '@server/plugins/i18n.ts';
import type { z } from 'zod';
import {
  allGrants,
  decideRequest,
  deleteRole,
  expireRequests,
  grantedRoles,
  insertRequest,
  insertRole,
  lockAdminGrants,
  lockRequest,
  membersByAddress,
  pendingRequests,
  type RequestAction,
  type RequestRow,
} from './repository.ts';

const conflict = (key: string, vars?: Record<string, string | number>) =>
  new AppError(ErrorCode.conflict, key, vars);

/** How the audit log names a member whose roles changed. */
export const memberTarget = (address: string) => `member:${address.toLowerCase()}`;

const iso = (d: Date) => d.toISOString();

/** A change of this role waits for a second admin: it carries approval power (admin, auditor); analyst only reads. */
const waitsForSecondAdmin = (role: Role) => APPROVAL_ROLES.includes(role);

type AuditAction = 'grant' | 'revoke' | 'request' | 'confirm' | 'cancel' | 'expire';

/** The audit entry of one role change: `role.<action>` on the member, by the acting admin, roles before and after. */
const auditRoleChange = (
  tx: DbOrTx,
  actor: SessionUser | null,
  action: AuditAction,
  address: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) =>
  writeAudit(tx, {
    actorId: actor?.id ?? null,
    action: `role.${action}`,
    target: memberTarget(address),
    before,
    after,
  });

/** A pending request as the audit log records it. */
const pendingOf = (r: Pick<RequestRow, 'id' | 'role' | 'action' | 'requestedBy'>) => ({
  request: r.id.toString(),
  action: r.action,
  role: r.role,
  requested_by: r.requestedBy,
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
 * The admins a revocation of admin counts: every member holding a granted admin row plus the configured admins who
 * signed up (one who never did could not act). With `lock`, the admin rows stay locked until commit
 * (lockAdminGrants), so concurrent revocations count one after another.
 */
async function adminIds(ctx: AppContext, tx: DbOrTx, lock: boolean): Promise<Set<bigint>> {
  const granted = lock
    ? await lockAdminGrants(tx)
    : (await allGrants(tx)).filter((g) => g.role === 'admin').map((g) => g.userId);
  return new Set([...granted, ...(await membersByAddress(tx, ctx.config.adminAddresses)).values()]);
}

// --- The rules: each answers the refusal (or null), for the action and for the page's ability alike. ---

/** Revoking `role` of a member: configuration's admins are configuration's; never the last admin. */
function revokeRefusal(
  ctx: AppContext,
  member: { id: bigint; address: string },
  role: Role,
  granted: readonly Role[],
  admins: ReadonlySet<bigint>,
): AppError | null {
  if (role === 'admin' && ctx.config.adminAddresses.includes(member.address))
    return conflict('roles.config_admin');
  if (!granted.includes(role)) return conflict('roles.not_held', { role });
  if (role === 'admin' && admins.has(member.id) && admins.size <= 1) return conflict('roles.last_admin');
  return null;
}

/** Confirming a pending change: not expired, never by the admin who asked, never removing the last admin. */
function confirmRefusal(
  actor: SessionUser,
  request: RequestRow,
  now: Date,
  admins: ReadonlySet<bigint>,
): AppError | null {
  if (request.status !== 'pending') return conflict('roles.request_decided');
  if (request.expiresAt <= now) return conflict('roles.request_expired');
  if (request.requestedById === actor.id) return conflict('roles.own_request');
  if (
    request.action === 'revoke' &&
    request.role === 'admin' &&
    admins.has(request.userId) &&
    admins.size <= 1
  )
    return conflict('roles.last_admin');
  return null;
}

/** Any admin may cancel a pending change (the one who asked, or another). */
const cancelRefusal = (request: RequestRow): AppError | null =>
  request.status === 'pending' ? null : conflict('roles.request_decided');

const requestAnswer = (r: RequestRow, abilities: Pick<RoleRequest, 'confirm' | 'cancel'>): RoleRequest => ({
  id: r.id.toString(),
  address: r.address,
  role: r.role,
  action: r.action,
  requested_by: r.requestedBy,
  created_at: iso(r.createdAt),
  expires_at: iso(r.expiresAt),
  ...abilities,
});

/**
 * Every role holder (granted ones and the configured admins, signed up or not), the changes waiting for a second
 * admin, and what the asking admin may do with each (the rules below, translated).
 */
export async function roleHolders(ctx: AppContext, actor: SessionUser, t: Translate): Promise<RoleHolders> {
  const configured = ctx.config.adminAddresses;
  const now = ctx.now();
  const [grants, pending, members] = await Promise.all([
    allGrants(ctx.db),
    pendingRequests(ctx.db, now),
    membersByAddress(ctx.db, configured),
  ]);
  const admins = new Set([
    ...grants.filter((g) => g.role === 'admin').map((g) => g.userId),
    ...members.values(),
  ]);
  const pendingKey = new Set(pending.map((r) => `${r.userId}:${r.role}`));
  const grantedOf = new Map<bigint, Role[]>();
  for (const g of grants) grantedOf.set(g.userId, [...(grantedOf.get(g.userId) ?? []), g.role]);

  const holders = new Map<string, { member: boolean; roles: Map<Role, RoleGrant> }>();
  const holder = (address: string, member: boolean) => {
    let h = holders.get(address);
    if (!h) {
      h = { member, roles: new Map() };
      holders.set(address, h);
    }
    return h;
  };
  const configRefusal = abilityOf(conflict('roles.config_admin'), t);
  // Configured admins first: they are the ones nobody can remove here.
  for (const address of configured)
    holder(address, members.has(address)).roles.set('admin', {
      role: 'admin',
      granted_by: null,
      granted_at: null,
      from_config: true,
      revoke: configRefusal,
    });
  for (const g of grants) {
    const h = holder(g.address, true);
    const existing = h.roles.get(g.role);
    const refusal = pendingKey.has(`${g.userId}:${g.role}`)
      ? conflict('roles.already_pending', { role: g.role })
      : revokeRefusal(
          ctx,
          { id: g.userId, address: g.address },
          g.role,
          grantedOf.get(g.userId) ?? [],
          admins,
        );
    h.roles.set(g.role, {
      role: g.role,
      granted_by: g.grantedBy,
      granted_at: iso(g.grantedAt),
      from_config: existing?.from_config ?? false,
      revoke: existing?.from_config ? configRefusal : abilityOf(refusal, t),
    });
  }
  const order: Role[] = ['admin', 'auditor', 'analyst'];
  return {
    holders: [...holders].map(([address, h]) => ({
      address,
      member: h.member,
      roles: order.flatMap((r) => h.roles.get(r) ?? []),
    })),
    pending: pending.map((r) =>
      requestAnswer(r, {
        confirm: abilityOf(confirmRefusal(actor, r, now, admins), t),
        cancel: abilityOf(cancelRefusal(r), t),
      }),
    ),
    second_admin_roles: [...APPROVAL_ROLES],
    request_ttl_hours: Math.round(ctx.config.roles.requestTtlMs / 3_600_000),
    cooling_hours: Math.round(ctx.config.roles.coolingMs / 3_600_000),
  };
}

/**
 * Marks the requests whose time ran out expired, each audit-logged (`role.expire`, by nobody). `only`: one member's
 * one role (before a new request for it). The job runs it for all; a confirmation refuses an expired one itself.
 */
async function expire(ctx: AppContext, tx: DbOrTx, now: Date, only?: { userId: bigint; role: Role }) {
  const expired = await expireRequests(tx, now, only);
  for (const r of expired) {
    const roles = await rolesNow(ctx, tx, { id: r.userId, address: r.address });
    await auditRoleChange(tx, null, 'expire', r.address, { roles, pending: pendingOf(r) }, { roles });
  }
  return expired.length;
}

/** The job's run: every request past its time becomes expired. */
export const expireRoleRequests = (ctx: AppContext): Promise<number> => {
  const now = ctx.now();
  return ctx.db.transaction((tx) => expire(ctx, tx, now));
};

/** Writes a request for a change that waits for a second admin; refused when one for this role is pending. */
async function request(
  ctx: AppContext,
  tx: DbOrTx,
  actor: SessionUser,
  member: { id: bigint; address: string },
  role: Role,
  action: RequestAction,
  before: Role[],
  now: Date,
): Promise<RoleChange> {
  await expire(ctx, tx, now, { userId: member.id, role });
  const expiresAt = new Date(now.getTime() + ctx.config.roles.requestTtlMs);
  const id = await insertRequest(tx, member.id, role, action, actor.id, now, expiresAt);
  if (id === null) throw conflict('roles.already_pending', { role });
  const row: RequestRow = {
    id,
    userId: member.id,
    address: member.address,
    role,
    action,
    requestedById: actor.id,
    requestedBy: actor.address,
    status: 'pending',
    createdAt: now,
    expiresAt,
  };
  await auditRoleChange(
    tx,
    actor,
    'request',
    member.address,
    { roles: before },
    {
      roles: before,
      pending: { request: id.toString(), action, role },
    },
  );
  return {
    status: 'pending',
    address: member.address,
    roles: before,
    request: requestAnswer(row, {
      confirm: { can: false, reason: null },
      cancel: { can: true, reason: null },
    }),
  };
}

/** The answer's abilities for the admin who just asked: they cannot confirm their own request. */
const ownRequestAbilities = (t: Translate) => ({
  confirm: abilityOf(conflict('roles.own_request'), t),
  cancel: abilityOf(null, t),
});

/** What an admin asks of a member's role (grant or revoke). */
type RoleBody = { address: string; role: Role };

/** Decides a grant or a revoke inside its transaction: the change made, or the request made instead. */
type RoleDecision = (
  ctx: AppContext,
  tx: DbOrTx,
  actor: SessionUser,
  body: RoleBody,
  member: Member,
  now: Date,
) => Promise<RoleChange>;

/**
 * A grant or a revoke as the API runs it: the member at `body.address` looked up, `decide` in one transaction; when
 * the change took effect at once the member's cached roles are dropped, and a request made instead carries the
 * asking admin's abilities on it.
 */
const roleChange =
  (decide: RoleDecision) =>
  async (ctx: AppContext, actor: SessionUser, body: RoleBody, t: Translate): Promise<RoleChange> => {
    const member = await memberAt(ctx, body.address);
    const now = ctx.now();
    const answer = await ctx.db.transaction((tx) => decide(ctx, tx, actor, body, member, now));
    if (answer.status !== 'pending') invalidateMember(ctx, member.id);
    return answer.request ? { ...answer, request: { ...answer.request, ...ownRequestAbilities(t) } } : answer;
  };

/**
 * Grants a role to a member. `analyst` takes effect at once; `admin` and `auditor` (approval power) become a request
 * that another admin confirms. Refused (nothing written): not a member, the role held already (a configured admin
 * holds admin), a change of that role pending already.
 */
export const grantRole = roleChange(async (ctx, tx, actor, body, member, now) => {
  const before = await rolesNow(ctx, tx, member);
  if (before.includes(body.role)) throw conflict('roles.already_held', { role: body.role });
  if (waitsForSecondAdmin(body.role)) return request(ctx, tx, actor, member, body.role, 'grant', before, now);
  // A concurrent grant of the same role won: the primary key keeps one row.
  if (!(await insertRole(tx, member.id, body.role, actor.id, now)))
    throw conflict('roles.already_held', { role: body.role });
  const after = await rolesNow(ctx, tx, member);
  await auditRoleChange(tx, actor, 'grant', member.address, { roles: before }, { roles: after });
  return { status: 'granted', address: member.address, roles: after, request: null };
});

/**
 * Revokes a role. `analyst` goes at once; `admin` and `auditor` become a request another admin confirms. Refused
 * (nothing written): not a member, not held, admin of a configured address (configuration decides it), the last
 * admin, a change of that role pending already.
 */
export const revokeRole = roleChange(async (ctx, tx, actor, body, member, now) => {
  const granted = await grantedRoles(tx, member.id);
  const waits = waitsForSecondAdmin(body.role);
  const admins = body.role === 'admin' ? await adminIds(ctx, tx, !waits) : new Set<bigint>();
  const refusal = revokeRefusal(ctx, member, body.role, granted, admins);
  if (refusal) throw refusal;
  const before = effectiveRoles(ctx, granted, member.address);
  if (waits) return request(ctx, tx, actor, member, body.role, 'revoke', before, now);
  await deleteRole(tx, member.id, body.role);
  const after = await rolesNow(ctx, tx, member);
  await auditRoleChange(tx, actor, 'revoke', member.address, { roles: before }, { roles: after });
  return { status: 'revoked', address: member.address, roles: after, request: null };
});

/** The request `id`, locked until the transaction ends: absent → 404. */
async function lockedRequest(tx: DbOrTx, id: string): Promise<RequestRow> {
  const request = await lockRequest(tx, BigInt(id));
  if (!request) throw notFound('roles.request_not_found');
  return request;
}

/**
 * Another admin confirms a pending change: the role is held (or gone) from the member's next request. The request
 * row is locked while it is decided, so two admins deciding at once (or the expiry job) see each other's outcome; a
 * revocation of admin also locks every admin row and counts again, so crossing revocations never remove the last
 * admin. A request past its time is marked expired (and refused).
 */
export async function confirmRequest(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<RoleRequestDecision> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const request = await lockedRequest(tx, id);
    const admins =
      request.action === 'revoke' && request.role === 'admin'
        ? await adminIds(ctx, tx, true)
        : new Set<bigint>();
    const refusal = confirmRefusal(actor, request, now, admins);
    if (refusal?.key === 'roles.request_expired') {
      await expire(ctx, tx, now, { userId: request.userId, role: request.role });
      return { refusal };
    }
    if (refusal) throw refusal;
    const member = { id: request.userId, address: request.address };
    const before = await rolesNow(ctx, tx, member);
    if (request.action === 'grant')
      await insertRole(tx, request.userId, request.role, actor.id, now, request.requestedById);
    else if (!(await deleteRole(tx, request.userId, request.role)))
      throw conflict('roles.not_held', { role: request.role });
    await decideRequest(tx, request.id, 'confirmed', actor.id, now);
    const after = await rolesNow(ctx, tx, member);
    await auditRoleChange(
      tx,
      actor,
      'confirm',
      request.address,
      { roles: before, pending: pendingOf(request) },
      {
        roles: after,
      },
    );
    return { request, after };
  });
  // Committed: the expiry stands, the confirmation is refused.
  if ('refusal' in outcome) throw outcome.refusal;
  invalidateMember(ctx, outcome.request.userId);
  return {
    id,
    action: outcome.request.action,
    status: 'confirmed',
    address: outcome.request.address,
    roles: outcome.after,
  };
}

/** The admin who asked or another one cancels a pending change: nothing changes for the member. */
export async function cancelRequest(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
): Promise<RoleRequestDecision> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const request = await lockedRequest(tx, id);
    const refusal = cancelRefusal(request);
    if (refusal) throw refusal;
    await decideRequest(tx, request.id, 'cancelled', actor.id, now);
    const roles = await rolesNow(ctx, tx, { id: request.userId, address: request.address });
    await auditRoleChange(
      tx,
      actor,
      'cancel',
      request.address,
      { roles, pending: pendingOf(request) },
      { roles },
    );
    return { id, action: request.action, status: 'cancelled', address: request.address, roles };
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
