import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** An instant: a timestamp with time zone. */
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A catalogue row's name and description per language, `{ "ja": { "name": "…", "description": "…" }, … }` (shop and
 * fund products); a missing language or field falls back to the row's English `name` / `description`.
 */
const translations = () =>
  jsonb('translations')
    .$type<Record<string, { name?: string; description?: string }>>()
    .notNull()
    .default({});

/** A column naming a member: its id, referencing users. */
const memberRef = (name: string) => bigint(name, { mode: 'bigint' }).references((): AnyPgColumn => users.id);

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
    inviterId: memberRef('inviter_id'),
    parentId: memberRef('parent_id'),
    side: text('side', { enum: ['left', 'right'] }),
    depth: integer('depth').notNull().default(0),
    /**
     * A skew-binary jump pointer (Myers' random-access lists): an ancestor chosen from the parent's
     * pointers so that the ancestor at any depth is reached in O(log depth) hops (jump when it does not
     * overshoot, else parent). "Is X in my subtree" is then a few index lookups even 20,000 levels deep.
     * Null for the root.
     */
    jumpId: memberRef('jump_id'),
    /** Direct invitees, kept in step at sign-up so reading it never counts rows. */
    invitedCount: integer('invited_count').notNull().default(0),
    /** The chain of left-children this member sits on (its outermost-left free slot is that leg's tail). */
    leftLegId: bigint('left_leg_id', { mode: 'bigint' }).notNull(),
    rightLegId: bigint('right_leg_id', { mode: 'bigint' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_address_key').on(t.address),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    // One child per slot: two sign-ups racing for the same position cannot both win.
    uniqueIndex('users_parent_side_key').on(t.parentId, t.side),
    // Exactly one root: the first address of an empty system.
    uniqueIndex('users_single_root').on(sql`(true)`).where(sql`${t.inviterId} is null`),
    index('users_inviter_idx').on(t.inviterId),
    // Analytics: members per day of joining (modules/analytics).
    index('users_created_idx').on(t.createdAt),
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
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('nonces_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-in sessions. Every session token names its row (`sid`); logging out revokes the row, "log out
 * everywhere" revokes every row of the member, and a token whose row is revoked or gone is refused.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: memberRef('user_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** `logout` (this session) or `logout_all` (every session of the member). */
    revokeReason: text('revoke_reason'),
    /** Where it was opened, for the member's and an auditor's eyes (the client address as the proxy rules give it). */
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_active_idx').on(t.userId).where(sql`${t.revokedAt} is null`)],
);

/**
 * Rate-limit counters shared by every server process (fixed windows): one row per limited key (a
 * route and a client address or a member), counting requests until `reset_at`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: at('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Leases of the background jobs: a job runs in the one process that holds its lease, renewed while it
 * runs; a process that dies (even `kill -9`) stops renewing and another takes over when `until` passes.
 * Times are the database's clock, the same for every process.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: at('until').notNull(),
  acquiredAt: at('acquired_at').notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: memberRef('user_id').notNull(),
    role: text('role', { enum: ['admin', 'auditor', 'analyst'] }).notNull(),
    /** The admin who granted it: for a role that waits for a second admin, the one who confirmed. */
    grantedBy: memberRef('granted_by'),
    /** For a role that waited for a second admin: the admin who asked for it (null: configuration, seed, analyst). */
    requestedBy: memberRef('requested_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/**
 * Role changes that wait for a second admin (granting or revoking a role with approval power: admin, auditor): one
 * admin asks, another confirms, either cancels, and an unconfirmed request expires at `expires_at`. At most one
 * pending request per member and role. Decided requests stay as history.
 */
export const roleRequests = pgTable(
  'role_requests',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: memberRef('user_id').notNull(),
    role: text('role', { enum: ['admin', 'auditor', 'analyst'] }).notNull(),
    action: text('action', { enum: ['grant', 'revoke'] })
      .notNull()
      .default('grant'),
    requestedBy: memberRef('requested_by').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    decidedBy: memberRef('decided_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** After this instant the request can no longer be confirmed (ROLE_REQUEST_TTL_HOURS). */
    expiresAt: at('expires_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [uniqueIndex('role_requests_pending_idx').on(t.userId, t.role).where(sql`${t.status} = 'pending'`)],
);

/** Every admin action: who, when, what, before and after. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    actorId: memberRef('actor_id'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  // The audit log page filters by action and by actor, newest first.
  (t) => [index('audit_log_action_idx').on(t.action, t.id), index('audit_log_actor_idx').on(t.actorId, t.id)],
);

/**
 * Amounts in integer minor units: numeric(78,0) holds any uint256 (AGC has 18 decimals, which
 * overflows bigint past 9.2 AGC·10^9), mapped to JavaScript bigint. Never a float.
 */
export const amount = customType<{ data: bigint; driverData: string }>({
  dataType: () => 'numeric(78, 0)',
  toDriver: (v) => v.toString(),
  fromDriver: (v) => BigInt(String(v)),
});

/**
 * Where a recorded price came from: the source's name (`fixed`, `uniswap-v3`) and the block it was read at (the
 * market's pinned block; null for a fixed price). Beside the price column of each quote that uses one.
 */
const priceStamp = () => ({
  priceSource: text('price_source'),
  priceBlock: bigint('price_block', { mode: 'bigint' }),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url').notNull().default(''),
  /** Which artwork the app ships for this product (the web maps it to an asset); '' = the generic one. */
  imageKey: text('image_key').notNull().default(''),
  /**
   * The name and description per language, `{ "ja": { "name": "…", "description": "…" }, … }`; a language
   * missing here (or a missing field) falls back to `name` / `description`, which are English.
   */
  translations: translations(),
  /** USDT minor units (6 decimals). */
  priceUsdt: amount('price_usdt').notNull(),
  status: text('status', { enum: ['on', 'off'] })
    .notNull()
    .default('on'),
  sort: integer('sort').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * Shop orders. The quote (price, AGC fee at the AGC price of the moment) is fixed at creation and
 * expires; the order id is also the id paid on chain (`pay(orderId, usdt, agc)`).
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: memberRef('user_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    priceUsdt: amount('price_usdt').notNull(),
    feeAgc: amount('fee_agc').notNull(),
    /** Price of 1 AGC in USDT minor units at quote time, its source and block. */
    agcPriceUsdt: amount('agc_price_usdt').notNull(),
    ...priceStamp(),
    status: text('status', { enum: ['Unpaid', 'Verifying', 'Success', 'Canceled'] })
      .notNull()
      .default('Unpaid'),
    quoteExpiresAt: at('quote_expires_at').notNull(),
    payTxHash: text('pay_tx_hash'),
    payReportedAt: at('pay_reported_at'),
    /** Why a payment is still Verifying (for the audit page), or why the order was canceled: a message code. */
    reason: text('reason'),
    /** The auditor's note when an admin confirmed or canceled the order. */
    auditNote: text('audit_note'),
    paymentTransferId: bigint('payment_transfer_id', { mode: 'bigint' }),
    confirmedAt: at('confirmed_at'),
    /** When this order's price was added to its ancestors' left/right team investment (null = pending). */
    volumeAppliedAt: at('volume_applied_at'),
    canceledAt: at('canceled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status),
    uniqueIndex('orders_pay_tx_key').on(t.payTxHash),
    index('orders_volume_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'Success' and ${t.volumeAppliedAt} is null`),
    // Analytics: confirmed orders per day.
    index('orders_confirmed_idx').on(t.confirmedAt).where(sql`${t.status} = 'Success'`),
  ],
);

/**
 * Withdrawals of earnings (docs/product-rules.md "Withdrawals"). The requested amount moves from the member's
 * available to locked balance when the row is inserted (same transaction); approval lets the member
 * fetch a voucher; the vault's Claimed event pays it out (Success); a rejection moves it back. The id
 * is also the vault voucher id, which the vault pays at most once.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: memberRef('user_id').notNull(),
    /** 1 = USDT, 2 = AGC. */
    type: smallint('type').notNull(),
    asset: text('asset', { enum: ['USDT', 'AGC'] }).notNull(),
    /** Minor units of the asset: requested (taken from available), the fee, and what the vault pays. */
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    received: amount('received').notNull(),
    /** The fee rate when requested, parts per million. */
    feePpm: integer('fee_ppm').notNull(),
    /**
     * AGC withdrawals: the AGC price (USDT minor units per AGC) when requested, its source and block: what the
     * fee and the amount were worth, and what the approval's second-approver threshold compares.
     */
    agcPriceUsdt: amount('agc_price_usdt'),
    ...priceStamp(),
    /** The member's wallet when requested: the only account a voucher is signed for. */
    address: text('address').notNull(),
    status: text('status', { enum: ['Auditing', 'Withdrawable', 'Success', 'Rejected'] })
      .notNull()
      .default('Auditing'),
    /** The UTC day the request counts for in the daily limit. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Rejection reason (shown to the member) and the auditor's note. */
    reason: text('reason'),
    auditNote: text('audit_note'),
    auditedBy: memberRef('audited_by'),
    auditedAt: at('audited_at'),
    /** Maker-checker: the first of two approvals an amount above WITHDRAW_SECOND_APPROVAL_USDT needs. */
    firstApprovedBy: memberRef('first_approved_by'),
    firstApprovedAt: at('first_approved_at'),
    /**
     * An approved withdrawal being revoked: the vault's cancel(id) was sent (its hash), and the reason the
     * member will read once the chain shows the voucher cancelled (then Rejected, money back to available).
     */
    revokeRequestedBy: memberRef('revoke_requested_by'),
    revokeRequestedAt: at('revoke_requested_at'),
    revokeReason: text('revoke_reason'),
    revokeTxHash: text('revoke_tx_hash'),
    /** Deadline of the latest voucher handed out. */
    voucherDeadline: at('voucher_deadline'),
    claimTxHash: text('claim_tx_hash'),
    claimedAt: at('claimed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_user_created_idx').on(t.userId, t.id),
    index('withdrawals_user_day_idx').on(t.userId, t.asset, t.day),
    index('withdrawals_status_idx').on(t.status, t.id),
    // Analytics: requests, approvals and payouts per day.
    index('withdrawals_created_idx').on(t.createdAt),
    index('withdrawals_audited_idx').on(t.auditedAt).where(sql`${t.auditedAt} is not null`),
    index('withdrawals_claimed_idx').on(t.claimedAt).where(sql`${t.claimedAt} is not null`),
    check(
      'withdrawals_amounts',
      sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.received} > 0 and ${t.received} + ${t.fee} = ${t.amount}`,
    ),
  ],
);

/** Where the chain watcher has read up to, per stream (e.g. the payment contract's events). */
export const chainCursors = pgTable('chain_cursors', {
  name: text('name').primaryKey(),
  /** The last block fully ingested. */
  block: bigint('block', { mode: 'bigint' }).notNull(),
  /** That block's hash: the next poll checks it is still on the chain (a reorg below the cursor otherwise). */
  blockHash: text('block_hash'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Every contract event ingested, once: unique on (chain id, tx hash, log index). */
export const chainEvents = pgTable(
  'chain_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    /** The block the event was read in; checked against the chain again before anything is credited. */
    blockHash: text('block_hash'),
    contract: text('contract').notNull(),
    name: text('name').notNull(),
    args: jsonb('args').notNull(),
    /** The order id the event names (payment events). */
    orderId: bigint('order_id', { mode: 'bigint' }),
    /** What ingestion did with it: matched an order, or why not. */
    outcome: text('outcome'),
    /**
     * Set when its block later left the chain (a reorg deeper than the finality the watcher waited for):
     * whatever it credited is for an auditor to look at; the watcher read the range again.
     */
    orphanedAt: at('orphaned_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_events_key').on(t.chainId, t.txHash, t.logIndex),
    index('chain_events_order_idx').on(t.orderId),
  ],
);

/**
 * A payment that was credited and then reorganised off the chain beyond the finality the watcher waited for (its
 * event orphaned, not mined again). While open it shows the order or subscription as Disputed and holds the member's
 * withdrawals up to `amount_usdt`; an admin resolves it by reversing what it credited through the journal (a second
 * admin confirms a reversal above WITHDRAW_SECOND_APPROVAL_USDT) or by accepting it with a reason. One per event.
 */
export const chainIncidents = pgTable(
  'chain_incidents',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    chainEventId: bigint('chain_event_id', { mode: 'bigint' })
      .notNull()
      .references(() => chainEvents.id),
    subject: text('subject', { enum: ['shop_order', 'fund_order'] }).notNull(),
    /** The shop order's or the fund order's id. */
    subjectId: bigint('subject_id', { mode: 'bigint' }).notNull(),
    /** The member the payment was credited to. */
    userId: memberRef('user_id').notNull(),
    /** What the payment credited, USDT minor units: the hold on the member's withdrawals. */
    amountUsdt: amount('amount_usdt').notNull(),
    /**
     * open → reversal_pending (a reversal above the two-admin threshold, waiting for a second admin) → reversed;
     * open → accepted (with a reason); open → remined (the payment is on the chain again: nothing to decide).
     */
    status: text('status', { enum: ['open', 'reversal_pending', 'reversed', 'accepted', 'remined'] })
      .notNull()
      .default('open'),
    openedAt: at('opened_at').notNull().defaultNow(),
    reversalRequestedBy: memberRef('reversal_requested_by'),
    reversalRequestedAt: at('reversal_requested_at'),
    resolvedBy: memberRef('resolved_by'),
    resolvedAt: at('resolved_at'),
    /** The accepting admin's reason, or the reversal's note. */
    reason: text('reason'),
    /** What the reversal took back (ledger postings, referral, team volume), for the page and the audit log. */
    reversal: jsonb('reversal'),
  },
  (t) => [
    uniqueIndex('chain_incidents_event_key').on(t.chainEventId),
    index('chain_incidents_subject_idx').on(t.subject, t.subjectId),
    index('chain_incidents_open_idx').on(t.userId).where(sql`${t.status} in ('open', 'reversal_pending')`),
  ],
);

/** What a ledger account holds: a token, or the units of one fund product (`FUND-<product id>`, 6 decimals). */
export type LedgerAsset = 'USDT' | 'AGC' | `FUND-${number}`;

/**
 * Ledger accounts: a member's (user_id set) or the system's (user_id null), one per code and asset.
 * balance = credits − debits, kept in step with ledger_transfers in the same transaction. Only
 * accounts marked allow_negative (sources such as chain inflow) may go below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: memberRef('user_id'),
    code: text('code').notNull(),
    asset: text('asset').$type<LedgerAsset>().notNull(),
    balance: amount('balance').notNull().default(sql`0`),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key').on(sql`coalesce(${t.userId}, 0)`, t.code, t.asset),
    check('ledger_accounts_non_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/**
 * Running totals of the members' ledger accounts (user_id set) per code and asset: what the members' balances of
 * that code add up to, without reading a million accounts (the admin solvency view). Kept by the ledger's posting
 * statement, in the same transaction as the balances it moves, as appended moves (`ledger_member_total_moves`: no
 * row every posting must update and lock), folded into `total` by a job. The running total of a code and asset is
 * `total` + its moves; a periodic check holds it equal to the full sum of the balances
 * (docs/decisions/0175-ledger-member-totals.md).
 */
export const ledgerMemberTotals = pgTable(
  'ledger_member_totals',
  {
    code: text('code').notNull(),
    asset: text('asset').$type<LedgerAsset>().notNull(),
    total: amount('total').notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.code, t.asset] })],
);

/** Moves of the members' running totals not folded into ledger_member_totals yet: one row per code and asset a posting statement moved. */
export const ledgerMemberTotalMoves = pgTable('ledger_member_total_moves', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  code: text('code').notNull(),
  asset: text('asset').$type<LedgerAsset>().notNull(),
  delta: amount('delta').notNull(),
});

/** The journal: every transfer debits one account and credits another, same asset, amount > 0. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    debitAccountId: bigint('debit_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset').$type<LedgerAsset>().notNull(),
    amount: amount('amount').notNull(),
    kind: text('kind').notNull(),
    /** What caused it, e.g. "order:42". */
    ref: text('ref').notNull(),
    /** Makes posting idempotent: the same key never posts twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(t.idempotencyKey),
    index('ledger_transfers_debit_idx').on(t.debitAccountId),
    index('ledger_transfers_credit_idx').on(t.creditAccountId),
    check('ledger_transfers_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

/** Reward records (for the reward pages): what was due, what the caps cut, what was credited. */
export const rewards = pgTable(
  'rewards',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: memberRef('user_id').notNull(),
    kind: text('kind', { enum: ['referral', 'pairing', 'static', 'management'] }).notNull(),
    /** The amount the rate applies to, USDT minor units. */
    base: amount('base').notNull(),
    /** Rate in parts per million (1% = 10,000). */
    ratePpm: integer('rate_ppm').notNull(),
    due: amount('due').notNull(),
    /** What the caps (remaining dividends, day top) cut, and which. */
    cut: amount('cut').notNull().default(sql`0`),
    cutReason: text('cut_reason'),
    creditedUsdt: amount('credited_usdt').notNull(),
    creditedAgc: amount('credited_agc').notNull().default(sql`0`),
    sourceUserId: memberRef('source_user_id'),
    /** The member's level (management: rank) the rate came from. */
    level: integer('level').notNull().default(0),
    /** The UTC day the reward counts for (the day top): the confirmation day, or the settled day. */
    day: date('day', { mode: 'string' }).notNull(),
    ref: text('ref').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('rewards_user_created_idx').on(t.userId, t.createdAt),
    index('rewards_user_day_idx').on(t.userId, t.day),
    // Analytics: rewards per day and kind.
    index('rewards_day_idx').on(t.day),
    uniqueIndex('rewards_kind_ref_key').on(t.kind, t.ref),
  ],
);

/**
 * Team investment per member: the sum of confirmed order prices in the left and the right placement
 * subtree, in total and for the current month (UTC). Derived from orders (each order is applied once,
 * see orders.volume_applied_at); a statistic for display and the team rules, not money.
 */
export const memberVolume = pgTable('member_volume', {
  userId: memberRef('user_id').primaryKey(),
  leftTotal: amount('left_total').notNull().default(sql`0`),
  rightTotal: amount('right_total').notNull().default(sql`0`),
  /** 'YYYY-MM' the month figures belong to; older months read as 0. */
  monthKey: text('month_key').notNull(),
  leftMonth: amount('left_month').notNull().default(sql`0`),
  rightMonth: amount('right_month').notNull().default(sql`0`),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * What the daily settlement carries from one day to the next, per member (a row only for members
 * with something to carry): the pairing carry-forward of each side, the management base and rank,
 * and the team sizes counted by the last settlement's pass over the tree.
 */
export const teamState = pgTable('team_state', {
  userId: memberRef('user_id').primaryKey(),
  leftCarry: amount('left_carry').notNull().default(sql`0`),
  rightCarry: amount('right_carry').notNull().default(sql`0`),
  /** manage_award_base: the smaller side's new volume, summed day by day since the last profit/mng. */
  manageBase: amount('manage_base').notNull().default(sql`0`),
  manageRank: integer('manage_rank').notNull().default(0),
  /** Placement subtree size (all members, and those with an investment) at the last settlement. */
  teamSize: integer('team_size').notNull().default(0),
  teamValid: integer('team_valid').notNull().default(0),
  /** The last settled day that changed this row. */
  day: date('day', { mode: 'string' }).notNull(),
});

/**
 * One row per settled UTC day, written in the same transaction as everything the settlement paid:
 * a day has a row if and only if it was paid, completely and once (the primary key serialises two
 * runs of one day; a crashed run leaves neither the row nor any of its postings).
 */
export const settlementRuns = pgTable('settlement_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** The admin who ran it, or null for the daily job. */
  runBy: memberRef('run_by'),
  startedAt: at('started_at').notNull(),
  finishedAt: at('finished_at').notNull(),
  durationMs: integer('duration_ms').notNull(),
  /** Totals as the admin page shows them (amounts as decimal strings of minor units). */
  totals: jsonb('totals').notNull(),
});

// ---------------------------------------------------------------------------------------------------------------
// Funds (docs/product-rules.md "Funds"). Units have 6 decimals (minor units like USDT); a NAV is the USDT value of one whole
// unit with 8 decimals (1.00000000 = 100000000). Rounding always favours the fund (modules/funds/math.ts).

export const fundRisk = ['Low', 'MediumLow', 'Medium', 'MediumHigh', 'High'] as const;

/** Fund products. Rates are parts per million (1 % = 10,000). */
export const fundProducts = pgTable('fund_products', {
  id: serial('id').primaryKey(),
  /** English; `translations` holds the other languages (same shape as products.translations). */
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  translations: translations(),
  risk: text('risk', { enum: fundRisk }).notNull(),
  lockDays: integer('lock_days').notNull(),
  /** Smallest subscription, USDT minor units; every subscription is a whole multiple of it. */
  minimumUsdt: amount('minimum_usdt').notNull(),
  subscriptionFeePpm: integer('subscription_fee_ppm').notNull().default(0),
  redemptionFeePpm: integer('redemption_fee_ppm').notNull().default(0),
  /** Expected annual yield: display only. */
  expectedYieldPpm: integer('expected_yield_ppm').notNull().default(0),
  /** Annual distribution rate, paid monthly as Interest; may be 0. */
  distributionPpm: integer('distribution_ppm').notNull().default(0),
  status: text('status', { enum: ['on', 'off'] })
    .notNull()
    .default('on'),
  sort: integer('sort').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * NAV history: one row per product and day. A step above FUND_NAV_MAX_STEP_PERCENT from the last published
 * NAV waits for a second admin (PendingConfirmation); publishing prices the product's Processing subscriptions
 * and Approved redemptions at that NAV.
 */
export const fundNavs = pgTable(
  'fund_navs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => fundProducts.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** USDT per whole unit, 8 decimals. */
    navE8: amount('nav_e8').notNull(),
    status: text('status', { enum: ['Published', 'PendingConfirmation', 'Rejected'] }).notNull(),
    /**
     * The published NAV of the 7 days before `day` (or the one in force at their start) farthest from this one, when
     * entered: the rolling-week bound (FUND_NAV_MAX_WEEK_PERCENT) is measured against it. Null: no earlier NAV.
     */
    weekBaseNavE8: amount('week_base_nav_e8'),
    enteredBy: memberRef('entered_by'),
    confirmedBy: memberRef('confirmed_by'),
    publishedAt: at('published_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fund_navs_product_day_key').on(t.productId, t.day).where(sql`${t.status} <> 'Rejected'`),
    index('fund_navs_product_published_idx').on(t.productId, t.day).where(sql`${t.status} = 'Published'`),
    check('fund_navs_positive', sql`${t.navE8} > 0`),
  ],
);

/**
 * Fund orders: a subscription and, once priced, the holding it became (the spec's fund order). The id paid on
 * chain is FUND_ORDER_TAG | id (modules/funds/payments.ts), so it never meets a shop order id.
 */
export const fundOrders = pgTable(
  'fund_orders',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: memberRef('user_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => fundProducts.id),
    status: text('status', {
      enum: ['UnPaid', 'Paid', 'Processing', 'Subscription', 'Redemption', 'Redeemed', 'Cancelled'],
    })
      .notNull()
      .default('UnPaid'),
    /** USDT paid (minor units), the subscription fee rate fixed at the quote, and the fee taken at pricing. */
    amountUsdt: amount('amount_usdt').notNull(),
    feePpm: integer('fee_ppm').notNull(),
    feeUsdt: amount('fee_usdt').notNull().default(sql`0`),
    quoteExpiresAt: at('quote_expires_at').notNull(),
    /**
     * The AGC market price at the quote (USDT minor units per AGC), its source and block: nothing is converted at it
     * (a subscription is USDT at a NAV), it is recorded as every quote's is; null while prices were paused.
     */
    agcPriceUsdt: amount('agc_price_usdt'),
    ...priceStamp(),
    payTxHash: text('pay_tx_hash'),
    /** When the member reported the payment (Paid) and when the watcher confirmed it (Processing). */
    paidAt: at('paid_at'),
    confirmedAt: at('confirmed_at'),
    /**
     * The NAV that priced it (Subscription). No foreign key: only the pricing statement sets it, to the NAV row it
     * inserted in the same transaction, and NAV rows are never deleted; a key check per row (one lookup and a lock of
     * the same NAV row, 100,000 times a publication) cost about a tenth of a publication's database time
     * (docs/decisions/0176-fund-nav-id-no-key.md).
     */
    navId: bigint('nav_id', { mode: 'bigint' }),
    navE8: amount('nav_e8'),
    /** Units issued, and those still held (not in a Pending/Approved redemption, not redeemed). */
    units: amount('units').notNull().default(sql`0`),
    unitsFree: amount('units_free').notNull().default(sql`0`),
    /** Units in Pending or Approved redemptions. */
    unitsRedeeming: amount('units_redeeming').notNull().default(sql`0`),
    /** Cost of the units still held (USDT, shrinks pro rata on redemption) and revenue realised by redemptions. */
    costUsdt: amount('cost_usdt').notNull().default(sql`0`),
    realizedUsdt: amount('realized_usdt').notNull().default(sql`0`),
    subscribedAt: at('subscribed_at'),
    lockEndsAt: at('lock_ends_at'),
    cancelledAt: at('cancelled_at'),
    /** Why it was cancelled or why a payment did not match (a message code). */
    reason: text('reason'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('fund_orders_user_created_idx').on(t.userId, t.createdAt),
    // Partial indexes of the states work waits in: a row leaving the state leaves the index, and pricing 100,000
    // orders at a NAV writes no index entry for their new state (bench/funds-nav.ts).
    index('fund_orders_processing_idx').on(t.productId).where(sql`${t.status} = 'Processing'`),
    index('fund_orders_open_idx').on(t.quoteExpiresAt).where(sql`${t.status} in ('UnPaid', 'Paid')`),
    uniqueIndex('fund_orders_pay_tx_key').on(t.payTxHash).where(sql`${t.payTxHash} is not null`),
    // Analytics: subscriptions confirmed per day.
    index('fund_orders_confirmed_idx').on(t.confirmedAt).where(sql`${t.confirmedAt} is not null`),
    check('fund_orders_units', sql`${t.unitsFree} >= 0 and ${t.unitsRedeeming} >= 0`),
  ],
);

/** Redemptions of a fund order's units: Pending → Approved/Rejected (admin) → Completed at the next NAV. */
export const fundRedemptions = pgTable(
  'fund_redemptions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => fundOrders.id),
    userId: memberRef('user_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => fundProducts.id),
    status: text('status', { enum: ['Pending', 'Approved', 'Rejected', 'Completed', 'Cancelled'] })
      .notNull()
      .default('Pending'),
    units: amount('units').notNull(),
    /** The fee rate fixed at the request; the NAV, gross value, fee and amount credited at completion. */
    feePpm: integer('fee_ppm').notNull(),
    /** No foreign key, as fund_orders.nav_id. */
    navId: bigint('nav_id', { mode: 'bigint' }),
    navE8: amount('nav_e8'),
    grossUsdt: amount('gross_usdt'),
    feeUsdt: amount('fee_usdt'),
    amountUsdt: amount('amount_usdt'),
    auditedBy: memberRef('audited_by'),
    auditedAt: at('audited_at'),
    auditNote: text('audit_note'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('fund_redemptions_order_idx').on(t.orderId),
    // The open queue (queue places, approvals, pricing): a completed redemption leaves it.
    index('fund_redemptions_open_idx')
      .on(t.productId, t.id)
      .where(sql`${t.status} in ('Pending', 'Approved')`),
    check('fund_redemptions_units_positive', sql`${t.units} > 0`),
  ],
);

/** Monthly bill per fund order and calendar month (the job on the 1st writes each once). */
export const fundBills = pgTable(
  'fund_bills',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => fundOrders.id),
    userId: memberRef('user_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => fundProducts.id),
    /** 'YYYY-MM'. */
    month: text('month').notNull(),
    openingUnits: amount('opening_units').notNull(),
    closingUnits: amount('closing_units').notNull(),
    openingNavE8: amount('opening_nav_e8'),
    closingNavE8: amount('closing_nav_e8'),
    openingValueUsdt: amount('opening_value_usdt').notNull(),
    closingValueUsdt: amount('closing_value_usdt').notNull(),
    subscriptionsUsdt: amount('subscriptions_usdt').notNull(),
    redemptionsUsdt: amount('redemptions_usdt').notNull(),
    interestUsdt: amount('interest_usdt').notNull(),
    feesUsdt: amount('fees_usdt').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fund_bills_order_month_key').on(t.orderId, t.month),
    index('fund_bills_user_month_idx').on(t.userId, t.month),
  ],
);

/** Fund earnings (the Agent tab), each credited to the member's fund_available_profit by a ledger transfer. */
export const fundEarnings = pgTable(
  'fund_earnings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: memberRef('user_id').notNull(),
    kind: text('kind', { enum: ['Interest', 'ReferralReward', 'TeamReward', 'PairingReward'] }).notNull(),
    /** The UTC day (or for Interest the month's first day) it counts for. */
    day: date('day', { mode: 'string' }).notNull(),
    base: amount('base').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    amountUsdt: amount('amount_usdt').notNull(),
    sourceUserId: memberRef('source_user_id'),
    /** What caused it; unique per kind, so a rerun credits nothing twice. */
    ref: text('ref').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('fund_earnings_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('fund_earnings_kind_ref_key').on(t.kind, t.ref),
  ],
);

/** Per member: the fund level and the fund pairing carry (as team_state does for the shop). */
export const fundTeamState = pgTable('fund_team_state', {
  userId: memberRef('user_id').primaryKey(),
  fundLevel: integer('fund_level').notNull().default(0),
  /** Fund volume (subscriptions priced) in the left and right placement subtree, all time. */
  leftVolume: amount('left_volume').notNull().default(sql`0`),
  rightVolume: amount('right_volume').notNull().default(sql`0`),
  leftCarry: amount('left_carry').notNull().default(sql`0`),
  rightCarry: amount('right_carry').notNull().default(sql`0`),
  /** The last settled day that changed this row. */
  day: date('day', { mode: 'string' }).notNull(),
});

/** One row per UTC day whose fund earnings were settled (written in the same transaction as the earnings). */
export const fundSettlementRuns = pgTable('fund_settlement_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  finishedAt: at('finished_at').notNull(),
  totals: jsonb('totals').notNull(),
});

// ---------------------------------------------------------------------------------------------------------------
// Simple earn (docs/product-rules.md "Simple earn"). A subsidiary ledger: the ledger's system.earn_holdings (USDT) equals the
// sum of earn_accounts.balance, and each balance equals the member's journal here (movements in and out, daily
// interest). Daily interest for every holder is one set-based statement (modules/earn), never a per-member loop.

/** One row per member who ever transferred in: what is held and earning, and the interest bookkeeping. */
export const earnAccounts = pgTable(
  'earn_accounts',
  {
    userId: memberRef('user_id').primaryKey(),
    /** Held now (USDT minor units): transfers in − transfers out + interest. */
    balance: amount('balance').notNull().default(sql`0`),
    /** The balance after the last settled interest day: the next day's opening balance. */
    settledBalance: amount('settled_balance').notNull().default(sql`0`),
    /** The last UTC day whose interest was settled for this row (or the day before its first movement). */
    settledDay: date('settled_day', { mode: 'string' }).notNull(),
    totalInterest: amount('total_interest').notNull().default(sql`0`),
    /** The interest of lastInterestDay ("yesterday income" when that day is yesterday). */
    lastInterest: amount('last_interest').notNull().default(sql`0`),
    lastInterestDay: date('last_interest_day', { mode: 'string' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // No index beyond the key: the daily interest updates every holder's row, and with no indexed column changed
    // those updates are HOT (fillfactor 50, set in migration 0013); the statement reads the whole table anyway.
    check('earn_accounts_non_negative', sql`${t.balance} >= 0 and ${t.settledBalance} >= 0`),
  ],
);

/**
 * The earn journal of transfers: In (from available USDT, earning from the next full day) and Out (to available,
 * Pending until arrives_at, earning nothing meanwhile, then Arrived by the arrival job, exactly once).
 */
export const earnMovements = pgTable(
  'earn_movements',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: memberRef('user_id').notNull(),
    kind: text('kind', { enum: ['In', 'Out'] }).notNull(),
    amount: amount('amount').notNull(),
    /** The UTC day it counts for in the interest rules. */
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['Completed', 'Pending', 'Arrived'] }).notNull(),
    /** Out: when it arrives in available USDT. */
    arrivesAt: at('arrives_at'),
    arrivedAt: at('arrived_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('earn_movements_user_idx').on(t.userId, t.id),
    index('earn_movements_day_idx').on(t.day, t.userId),
    index('earn_movements_pending_idx').on(t.arrivesAt).where(sql`${t.status} = 'Pending'`),
    check('earn_movements_positive', sql`${t.amount} > 0`),
  ],
);

/** Interest per member and UTC day (rounded down): the subsidiary journal of interest. */
export const earnInterest = pgTable(
  'earn_interest',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /**
     * The member (no foreign key: rows are only ever written from earn_accounts rows, which reference users; the
     * key's per-row checks and row locks on users were a third of the daily statement's time at 1M holders).
     */
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    /** The amount that earned (the lower of the day's opening and closing holding). */
    base: amount('base').notNull(),
    amount: amount('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index('earn_interest_user_idx').on(t.userId, t.day)],
);

/** One row per settled interest day (written in the same transaction as the day's interest): exactly once. */
export const earnDays = pgTable('earn_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** The daily rate applied, 18 decimals: ((1 + APY)^(1/365) − 1) × 10^18, rounded down. */
  rateE18: amount('rate_e18').notNull(),
  holders: integer('holders').notNull(),
  total: amount('total').notNull(),
  finishedAt: at('finished_at').notNull(),
});

// ---------------------------------------------------------------------------------------------------------------
// Launchpad (docs/product-rules.md "Launchpad"): rounds of numbered copies paid from available USDT; the AGC bought is locked
// and released after a cliff, linearly.

export const launchpadRounds = pgTable(
  'launchpad_rounds',
  {
    id: serial('id').primaryKey(),
    /** English; `translations` the other languages. */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    translations: translations(),
    copies: integer('copies').notNull(),
    /** Copies sold so far: the one counter every purchase moves (never above copies). */
    sold: integer('sold').notNull().default(0),
    priceUsdt: amount('price_usdt').notNull(),
    agcPerCopy: amount('agc_per_copy').notNull(),
    perMemberLimit: integer('per_member_limit').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** Release: nothing until ends_at + cliff_days, then linearly over linear_days (0: all at once). */
    cliffDays: integer('cliff_days').notNull().default(0),
    linearDays: integer('linear_days').notNull().default(0),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    closedAt: at('closed_at'),
    createdBy: memberRef('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('launchpad_rounds_sold', sql`${t.sold} >= 0 and ${t.sold} <= ${t.copies}`),
    check('launchpad_rounds_positive', sql`${t.copies} > 0 and ${t.priceUsdt} > 0 and ${t.agcPerCopy} > 0`),
    check('launchpad_rounds_limit', sql`${t.perMemberLimit} > 0`),
    check('launchpad_rounds_window', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A member's purchase: a run of copies (first_copy .. first_copy + copies − 1), its price and its AGC. */
export const launchpadPurchases = pgTable(
  'launchpad_purchases',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => launchpadRounds.id),
    userId: memberRef('user_id').notNull(),
    copies: integer('copies').notNull(),
    firstCopy: integer('first_copy').notNull(),
    amountUsdt: amount('amount_usdt').notNull(),
    agc: amount('agc').notNull(),
    /**
     * The AGC market price when bought (USDT minor units per AGC), its source and block: nothing is converted at it
     * (a copy's price and AGC are the round's), it says what the AGC was worth; null while prices were paused.
     */
    agcPriceUsdt: amount('agc_price_usdt'),
    ...priceStamp(),
    /** AGC released so far (moved from locked to available). */
    releasedAgc: amount('released_agc').notNull().default(sql`0`),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('launchpad_purchases_round_user_idx').on(t.roundId, t.userId),
    index('launchpad_purchases_user_idx').on(t.userId, t.id),
    // Analytics: purchases per day.
    index('launchpad_purchases_created_idx').on(t.createdAt),
    index('launchpad_purchases_releasing_idx').on(t.roundId).where(sql`${t.releasedAgc} < ${t.agc}`),
    check('launchpad_purchases_copies', sql`${t.copies} > 0 and ${t.firstCopy} > 0`),
    check('launchpad_purchases_released', sql`${t.releasedAgc} >= 0 and ${t.releasedAgc} <= ${t.agc}`),
  ],
);

/** Every copy sold, numbered from 1 within its round, once (the public allocation list). */
export const launchpadCopies = pgTable(
  'launchpad_copies',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => launchpadRounds.id),
    copyNo: integer('copy_no').notNull(),
    purchaseId: bigint('purchase_id', { mode: 'bigint' })
      .notNull()
      .references(() => launchpadPurchases.id),
    userId: memberRef('user_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.copyNo] })],
);

// ---------------------------------------------------------------------------------------------------------------
// Exchange center (docs/product-rules.md "Exchange center"): quotes that live 30 s, accepted once.

export const exchangeQuotes = pgTable(
  'exchange_quotes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: memberRef('user_id').notNull(),
    fromAsset: text('from_asset', { enum: ['USDT', 'AGC'] }).notNull(),
    toAsset: text('to_asset', { enum: ['USDT', 'AGC'] }).notNull(),
    /** What the member fixed: the amount in, or the amount out. */
    mode: text('mode', { enum: ['in', 'out'] }).notNull(),
    amountIn: amount('amount_in').notNull(),
    /** Taken from the amount in (rounded up). */
    fee: amount('fee').notNull(),
    /** What arrives (rounded down). */
    amountOut: amount('amount_out').notNull(),
    /** USDT minor units per whole AGC at quoting, its source and block. */
    priceUsdt: amount('price_usdt').notNull(),
    ...priceStamp(),
    feePpm: integer('fee_ppm').notNull(),
    status: text('status', { enum: ['Open', 'Accepted'] })
      .notNull()
      .default('Open'),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('exchange_quotes_user_accepted_idx')
      .on(t.userId, t.acceptedAt)
      .where(sql`${t.status} = 'Accepted'`),
    // The purge job's scan of Open quotes long expired.
    index('exchange_quotes_open_idx').on(t.expiresAt).where(sql`${t.status} = 'Open'`),
    // Analytics: exchanges per day.
    index('exchange_quotes_accepted_idx').on(t.acceptedAt).where(sql`${t.status} = 'Accepted'`),
    check('exchange_quotes_assets', sql`${t.fromAsset} <> ${t.toAsset}`),
    check('exchange_quotes_positive', sql`${t.amountIn} > 0 and ${t.amountOut} > 0 and ${t.fee} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Admin analytics (modules/analytics): one row of figures per closed UTC day, computed set-based after the day ends
// and again once the day is settled; the open day is computed live. Recomputing a day replaces its row.

export const analyticsDaily = pgTable('analytics_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Every figure of the day (packages/shared ANALYTICS_FIGURES), as strings of counts or minor units. */
  figures: jsonb('figures').$type<Record<string, string>>().notNull(),
  /** The day's settlement (settlement_runs) had run when this row was computed: its rewards are in. */
  settled: boolean('settled').notNull(),
  /** How many times the row was computed (1 after the day closed, 2 once recomputed after its settlement). */
  revision: integer('revision').notNull().default(1),
  computedAt: at('computed_at').notNull(),
});

// ---------------------------------------------------------------------------------------------------------------
// Prices (modules/pricing): every reading of the market price source, accepted or not (the guards' verdicts, the
// exchange page's 24 h chart, the reference of the next reading's move).

export const priceObservations = pgTable(
  'price_observations',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    source: text('source').notNull(),
    /** The server's time of the reading (the TWAP's window ends here). */
    observedAt: at('observed_at').notNull(),
    /** The pinned block every value was read at, and its time. */
    block: bigint('block', { mode: 'bigint' }).notNull(),
    blockTime: at('block_time').notNull(),
    /** USDT minor units per whole AGC: the TWAP (the price used) and the pool's spot price at the block. */
    usdtPerAgc: amount('usdt_per_agc').notNull(),
    spotUsdtPerAgc: amount('spot_usdt_per_agc').notNull(),
    /** The TWAP's window as read (shorter than PRICE_TWAP_SECONDS only for a pool younger than it). */
    windowSeconds: integer('window_seconds').notNull(),
    /** The pool's in-range liquidity as USDT depth (minor units). */
    liquidityUsdt: amount('liquidity_usdt').notNull(),
    /** Whether the guards let the AGC price be used, and why not (a reason code: stale, thin, jump, …). */
    agcAccepted: boolean('agc_accepted').notNull(),
    agcReason: text('agc_reason'),
    /** The ETH/USD feed's answer in USDT minor units and its update time; null when it could not be read. */
    ethUsdt: amount('eth_usdt'),
    ethUpdatedAt: at('eth_updated_at'),
    ethAccepted: boolean('eth_accepted').notNull(),
    ethReason: text('eth_reason'),
  },
  (t) => [index('price_observations_source_at_idx').on(t.source, t.observedAt)],
);

/**
 * Core Web Vitals of real page views (POST /api/v1/vitals: anonymous, sampled, rate-limited): one row per page
 * view and route, each metric when the browser reported it. Nothing identifies the member or the device.
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** The UTC day it arrived. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The app's route name (route-table.ts), e.g. `home`. */
    route: text('route').notNull(),
    /** Largest Contentful Paint, milliseconds. */
    lcpMs: integer('lcp_ms'),
    /** Interaction to Next Paint, milliseconds. */
    inpMs: integer('inp_ms'),
    /** Cumulative Layout Shift × 10,000 (0.05 → 500). */
    clsE4: integer('cls_e4'),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [
    index('web_vitals_day_route').on(t.day, t.route),
    check(
      'web_vitals_some_metric',
      sql`${t.lcpMs} is not null or ${t.inpMs} is not null or ${t.clsE4} is not null`,
    ),
  ],
);
// Proof of liabilities (modules/proofs, docs/proof-of-liabilities.md). A snapshot of what every member is owed, as a
// Merkle sum tree whose root is published on chain. Salts are never stored: they derive from PROOF_SALT_SECRET.

export const proofSnapshotStatus = [
  'building',
  'built',
  'unbalanced',
  'publishing',
  'published',
  'failed',
  'conflict',
] as const;
export type ProofSnapshotStatus = (typeof proofSnapshotStatus)[number];

/**
 * One snapshot: building (claimed by one process until `claimed_until`), then built (balanced, waiting to be sent),
 * unbalanced (its totals are not the solvency view's: never published), publishing (sent, waiting for finality),
 * published (final on chain), failed (the chain refused or could not be reached: an admin re-publishes) or conflict
 * (the chain holds another root for this id).
 */
export const proofSnapshots = pgTable(
  'proof_snapshots',
  {
    id: serial('id').primaryKey(),
    /** The settled day it follows (the daily job), or null (an admin's request): one snapshot per settled day. */
    day: date('day', { mode: 'string' }),
    requestedBy: memberRef('requested_by'),
    status: text('status', { enum: proofSnapshotStatus }).notNull(),
    claimedBy: text('claimed_by'),
    claimedUntil: at('claimed_until'),
    /** The instant of the snapshot (the server clock) and when the tree was stored. */
    asOf: at('as_of'),
    builtAt: at('built_at'),
    buildMs: integer('build_ms'),
    /** Leaves with a member, and all leaves (a power of two). */
    members: integer('members'),
    size: integer('size'),
    rootHash: text('root_hash'),
    totalUsdt: amount('total_usdt'),
    totalAgc: amount('total_agc'),
    /** The solvency view's liabilities read in the same database snapshot. */
    solvencyUsdt: amount('solvency_usdt'),
    solvencyAgc: amount('solvency_agc'),
    /** The treasury's balances (vault, payment treasury) read at one block. */
    reservesBlock: bigint('reserves_block', { mode: 'bigint' }),
    reservesBlockHash: text('reserves_block_hash'),
    reservesAt: at('reserves_at'),
    reservesUsdt: amount('reserves_usdt'),
    reservesAgc: amount('reserves_agc'),
    reserves: jsonb('reserves').$type<Array<{ key: string; address: string; usdt: string; agc: string }>>(),
    /** The publication: the transaction sent (the last one, after a reorg or a failure), its block once final. */
    txHash: text('tx_hash'),
    sentAt: at('sent_at'),
    sends: integer('sends').notNull().default(0),
    publishedBlock: bigint('published_block', { mode: 'bigint' }),
    publishedAt: at('published_at'),
    /** Why it is unbalanced, failed or in conflict (for admins). */
    error: text('error'),
    /**
     * When retention deleted its leaves and nodes (PROOF_LEAVES_KEEP_DAYS): its proofs are no longer served; the row,
     * root and totals stay. Null while they are kept.
     */
    proofsPrunedAt: at('proofs_pruned_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proof_snapshots_day_key').on(t.day),
    index('proof_snapshots_published_idx').on(t.id).where(sql`${t.status} = 'published'`),
    index('proof_snapshots_pending_idx')
      .on(t.id)
      .where(sql`${t.status} in ('building', 'built', 'publishing')`),
  ],
);

/**
 * Every member's leaf of a snapshot: its position, amounts (minor units) and the parts they sum (what the member
 * was owed, by solvency part). The padding leaves are not stored (member 0, amounts 0, a derived salt).
 */
export const proofLeaves = pgTable(
  'proof_leaves',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => proofSnapshots.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    /** A member (users never go away; no foreign key, so a million leaves insert without a million checks). */
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    usdt: amount('usdt').notNull(),
    agc: amount('agc').notNull(),
    /** Non-zero parts, `{ "available": { "USDT": "…" }, … }` (minor units as strings). */
    parts: jsonb('parts').$type<Record<string, Partial<Record<'USDT' | 'AGC', string>>>>(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.idx] }),
    uniqueIndex('proof_leaves_member_key').on(t.snapshotId, t.userId),
  ],
);

/**
 * The tree's nodes from level `PROOF_CHUNK_LEVELS` up to the root (level 0 is the leaves); the levels below are
 * recomputed from the leaves of one chunk when a proof is served.
 */
export const proofNodes = pgTable(
  'proof_nodes',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => proofSnapshots.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    idx: integer('idx').notNull(),
    hash: text('hash').notNull(),
    usdt: amount('usdt').notNull(),
    agc: amount('agc').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.idx] })],
);
