/** Roles suites' fixtures: members at chosen addresses, the role tables as stored, the audit log. */
import { rowsOf } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { type Member, newInviteCode } from '@server/modules/members/index.ts';
import { insertPlaced } from '@server/modules/team/index.ts';
import { sql } from 'drizzle-orm';

/** A member at `address` (a wallet the test holds), invited by `inviter` on the left. */
export const addMemberAt = (ctx: AppContext, inviter: Member, address: string) =>
  ctx.db.transaction((tx) =>
    insertPlaced(tx, { address: address.toLowerCase(), inviteCode: newInviteCode(), inviter, side: 'left' }),
  );

/** Everything a refused role change must leave as it was: grants, requests and the audit log. */
export async function roleTables(ctx: AppContext) {
  const grants = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`select user_id::text as user_id, role, coalesce(granted_by::text, '') as granted_by,
      coalesce(requested_by::text, '') as requested_by from user_roles order by user_id, role`),
  );
  const requests = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`select id::text as id, user_id::text as user_id, role, status,
      coalesce(decided_by::text, '') as decided_by from role_requests order by id`),
  );
  const audit = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`select id::text as id, action, target from audit_log order by id`),
  );
  return { grants, requests, audit };
}

/** The audit log's entries after id `afterId`, oldest first, as stored (actor as address). */
export async function auditSince(ctx: AppContext, afterId: string) {
  return rowsOf<{ action: string; target: string; actor: string | null; before: unknown; after: unknown }>(
    await ctx.db.execute(sql`select a.action, a.target, u.address as actor, a.before, a.after
      from audit_log a left join users u on u.id = a.actor_id
      where a.id > ${afterId}::bigint order by a.id`),
  ).map((r) => ({
    ...r,
    before: typeof r.before === 'string' ? JSON.parse(r.before) : r.before,
    after: typeof r.after === 'string' ? JSON.parse(r.after) : r.after,
  }));
}

/** The newest audit log id ('0' when empty). */
export async function lastAuditId(ctx: AppContext): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`select coalesce(max(id), 0)::text as id from audit_log`),
  );
  return row?.id ?? '0';
}
