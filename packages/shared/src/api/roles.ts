import { z } from 'zod';
import {
  abilitySchema,
  addressSchema,
  hexAddressSchema,
  idString,
  pageOf,
  pagingQuery,
  roleSchema,
} from './common.ts';
import { idInput } from './input.ts';

// Admins grant and revoke roles (a role with approval power, admin or auditor, waits for a second admin either way),
// and browse the audit log.

/** One role of a holder: who granted it and when, or that it comes from configuration (ADMIN_ADDRESSES). */
export const roleGrantSchema = z.object({
  role: roleSchema,
  /** The admin who granted it (the one who confirmed, for `admin`); null for configuration and the seed. */
  granted_by: hexAddressSchema.nullable(),
  granted_at: z.string().nullable(),
  /** From the server's configuration: not revocable through the API. */
  from_config: z.boolean(),
  /** Whether the asking admin may revoke (or ask to revoke) it now, and why not. */
  revoke: abilitySchema,
});
export type RoleGrant = z.infer<typeof roleGrantSchema>;

export const roleHolderSchema = z.object({
  address: hexAddressSchema,
  /** False for a configured admin address that has not signed up yet. */
  member: z.boolean(),
  roles: z.array(roleGrantSchema),
});
export type RoleHolder = z.infer<typeof roleHolderSchema>;

/** A grant or revocation of a role with approval power (admin, auditor), waiting for a second admin. */
export const roleRequestSchema = z.object({
  id: idString,
  address: hexAddressSchema,
  role: roleSchema,
  action: z.enum(['grant', 'revoke']),
  requested_by: hexAddressSchema,
  created_at: z.string(),
  /** After this it can no longer be confirmed (ROLE_REQUEST_TTL_HOURS). */
  expires_at: z.string(),
  /** Whether the asking admin may confirm it (never the one who asked), or cancel it, and why not. */
  confirm: abilitySchema,
  cancel: abilitySchema,
});
export type RoleRequest = z.infer<typeof roleRequestSchema>;

export const roleHoldersResponse = z.object({
  holders: z.array(roleHolderSchema),
  pending: z.array(roleRequestSchema),
  /** The roles whose grant and revocation wait for a second admin (approval power). */
  second_admin_roles: z.array(roleSchema),
  /** How long a request waits for a second admin, and the maker-checker cooling, in hours. */
  request_ttl_hours: z.number().int(),
  cooling_hours: z.number().int(),
});
export type RoleHolders = z.infer<typeof roleHoldersResponse>;

/** Grant or revoke one role of one member, by address. */
export const roleChangeBody = z.object({ address: addressSchema, role: roleSchema });
export type RoleChangeBody = z.input<typeof roleChangeBody>;

/**
 * What a grant or revocation did: `granted` / `revoked` took effect (the member's next request carries it: analyst);
 * `pending`: a change of admin or auditor now waits for another admin (`request`).
 */
export const roleChangeResponse = z.object({
  status: z.enum(['granted', 'revoked', 'pending']),
  address: hexAddressSchema,
  /** The member's roles now (as the next request sees them). */
  roles: z.array(roleSchema),
  request: roleRequestSchema.nullable(),
});
export type RoleChange = z.infer<typeof roleChangeResponse>;

export const roleRequestIdParams = z.object({ id: idInput });

/** A pending change confirmed (the role is held, or gone) or cancelled. */
export const roleRequestDecisionResponse = z.object({
  id: idString,
  action: z.enum(['grant', 'revoke']),
  status: z.enum(['confirmed', 'cancelled']),
  address: hexAddressSchema,
  roles: z.array(roleSchema),
});
export type RoleRequestDecision = z.infer<typeof roleRequestDecisionResponse>;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(DAY_RE, { error: 'date' })
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      error: 'date',
    },
  );
const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * The audit log's filters: `action` a prefix ("role." or "withdraw.approve"), `actor` the acting admin's address,
 * `target` a prefix of the target ("member:0xab…"), `from` / `to` days (UTC, both included). Newest first.
 */
export const auditLogQuery = z
  .object({
    ...pagingQuery({ maxSize: 100, defaultSize: 20 }),
    action: z.preprocess(blankAsAbsent, z.string().trim().max(64).optional()),
    actor: z.preprocess(blankAsAbsent, addressSchema.optional()),
    target: z.preprocess(blankAsAbsent, z.string().trim().max(128).optional()),
    from: z.preprocess(blankAsAbsent, day.optional()),
    to: z.preprocess(blankAsAbsent, day.optional()),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    error: 'date_range',
    path: ['to'],
  });
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditLogEntrySchema = z.object({
  id: idString,
  /** The acting admin; null for the system (the chain watcher, a job). */
  actor: hexAddressSchema.nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogResponse = pageOf(auditLogEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogResponse>;
