import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Members. Two relations per member: `inviterId` (who referred them: referral, "direct") and
 * `parentId` + `side` (placement in the binary tree: pairing, "team"). Trees get tens of thousands
 * of levels deep through spill-over, so nothing here walks the tree level by level: placement uses
 * `legs` (see below) and later features keep counters.
 */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    address: text('address').notNull(),
    inviteCode: text('invite_code').notNull(),
    inviterId: bigint('inviter_id', { mode: 'bigint' }).references((): AnyPgColumn => users.id),
    parentId: bigint('parent_id', { mode: 'bigint' }).references((): AnyPgColumn => users.id),
    side: text('side', { enum: ['left', 'right'] }),
    depth: integer('depth').notNull().default(0),
    /** Direct invitees, kept in step at sign-up so reading it never counts rows. */
    invitedCount: integer('invited_count').notNull().default(0),
    /** The chain of left-children this member sits on (its outermost-left free slot is that leg's tail). */
    leftLegId: bigint('left_leg_id', { mode: 'bigint' }).notNull(),
    rightLegId: bigint('right_leg_id', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_address_key').on(t.address),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    // One child per slot: two sign-ups racing for the same position cannot both win.
    uniqueIndex('users_parent_side_key').on(t.parentId, t.side),
    // Exactly one root: the first address of an empty system.
    uniqueIndex('users_single_root').on(sql`(true)`).where(sql`${t.inviterId} is null`),
    index('users_inviter_idx').on(t.inviterId),
    check('users_address_lower', sql`${t.address} = lower(${t.address})`),
    check('users_placement', sql`(${t.parentId} is null) = (${t.side} is null)`),
  ],
);

/**
 * A leg is a maximal chain of same-side children (a member, its left child, that child's left
 * child, …). Every member on the chain shares the leg, so "the outermost free position on the left
 * under X" is one lookup of X's left leg's tail, at any depth, and placing a member moves one tail.
 */
export const legs = pgTable('legs', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  tailUserId: bigint('tail_user_id', { mode: 'bigint' }),
});

/** Sign-in nonces: single use, short-lived. */
export const nonces = pgTable(
  'nonces',
  {
    nonce: text('nonce').primaryKey(),
    address: text('address').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('nonces_expires_idx').on(t.expiresAt)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['admin', 'auditor', 'analyst'] }).notNull(),
    grantedBy: bigint('granted_by', { mode: 'bigint' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Every admin action: who, when, what, before and after. Append-only. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  actorId: bigint('actor_id', { mode: 'bigint' }).references(() => users.id),
  action: text('action').notNull(),
  target: text('target').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
