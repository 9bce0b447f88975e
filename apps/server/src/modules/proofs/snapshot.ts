import { treeSize } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { newHolderId } from '@server/lib/leases.ts';
import {
  type Liabilities,
  liabilitiesIn,
  memberBalancePages,
  memberLiabilitiesBesideBalancesIn,
  readTreasury,
  SNAPSHOT,
  TOKENS,
  type Token,
  type TreasuryRead,
} from '@server/modules/solvency/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import { bytesToHex } from 'viem';
import {
  claimDay,
  claimRequest,
  dropClaim,
  findSnapshot,
  finishClaim,
  insertLeaves,
  insertNodes,
  type SnapshotRow,
} from './repository.ts';
import { buildSnapshotTree, type MemberLeaf, randomPermutation } from './tree.ts';

/** A turn of the event loop (I/O included): what the tree build awaits between slices. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A build's claim: far longer than a million-member build takes (seconds); a dead builder's day is retaken after. */
export const CLAIM_MS = 15 * 60_000;

/** Every amount of a leaf stays below 2^128 (the format's bound). */
const BOUND = 2n ** 128n;

const sumOf = (l: Liabilities) =>
  Object.values(l).reduce((s, bucket) => s + [...bucket.values()].reduce((a, b) => a + b, 0n), 0n);

/** A member's leaf with the parts its amounts are made of, as JSON text (`{ "available": { "USDT": "…" } }`). */
interface SnapshotMember extends MemberLeaf {
  parts: string | null;
}

interface Read {
  asOf: Date;
  solvency: Record<Token, bigint>;
  members: SnapshotMember[];
  problems: string[];
}

/** Members read per statement: a page of their balances summed by the database. */
const READ_PAGE = 50_000;

const partsJson = (parts: object) =>
  JSON.stringify(parts, (_, v) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * Reads, in one repeatable-read, read-only transaction: the solvency view's liabilities (its own aggregate queries)
 * and every member's, by the same parts: their token balances summed per member by the database, a page of members
 * at a time, and the parts read from records (few members have any) grouped per member and added to them. Two
 * readings of one snapshot: they must agree.
 */
async function readSnapshot(ctx: AppContext): Promise<Read> {
  const asOf = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const view = await liabilitiesIn(tx, ctx, asOf);
    const { members: owed, problems } = await memberLiabilitiesBesideBalancesIn(tx, asOf);
    const members: SnapshotMember[] = [];
    for await (const page of memberBalancePages(tx, READ_PAGE, problems))
      for (const b of page) {
        const o = owed.get(b.userId);
        if (!o) {
          members.push({ userId: b.userId, address: b.address, usdt: b.USDT, agc: b.AGC, parts: b.parts });
          continue;
        }
        owed.delete(b.userId);
        // The balances' parts and the records' are different parts: the leaf's parts are both.
        members.push({
          userId: b.userId,
          address: b.address,
          usdt: b.USDT + o.USDT,
          agc: b.AGC + o.AGC,
          parts: `{${[b.parts?.slice(1, -1), partsJson(o.parts).slice(1, -1)].filter(Boolean).join(',')}}`,
        });
      }
    for (const userId of owed.keys())
      problems.push(`member ${userId} is owed something but has no member row`);
    return {
      asOf,
      solvency: { USDT: sumOf(view.USDT), AGC: sumOf(view.AGC) },
      members,
      problems,
    };
  }, SNAPSHOT);
}

/** Why the snapshot may not be published (empty: it balances). */
function imbalance(read: Read, totals: Record<Token, bigint>): string[] {
  const out = [...read.problems];
  for (const t of TOKENS)
    if (totals[t] !== read.solvency[t])
      out.push(
        `the ${t} total is ${totals[t]} minor units, the solvency view's liabilities ${read.solvency[t]}`,
      );
  for (const m of read.members)
    if (m.usdt >= BOUND || m.agc >= BOUND)
      out.push(`member ${m.userId}'s leaf holds an amount of 2^128 or more`);
  return out.slice(0, 20);
}

const reservesOf = (r: TreasuryRead, token: Token) => r.holders.reduce((s, h) => s + h.balances[token], 0n);

/**
 * Builds and stores the snapshot claimed as `id`: reads the ledger (one snapshot) beside the treasury (one block),
 * builds the tree, writes its leaves and nodes with the totals in one transaction. Built when its totals are the
 * solvency view's; unbalanced otherwise (never published, logged as an error for the alert). On a failure nothing
 * is stored and the claim is given up.
 */
async function build(
  ctx: AppContext,
  id: number,
  holder: string,
  log: FastifyBaseLogger,
): Promise<SnapshotRow> {
  const started = performance.now();
  try {
    const [read, reserves] = await Promise.all([readSnapshot(ctx), readTreasury(ctx)]);
    const readMs = performance.now() - started;
    const readRssMb = Math.round(process.memoryUsage.rss() / 2 ** 20);
    const secret = ctx.config.proofs.saltSecret;
    if (!secret) throw new Error('proof of liabilities: no PROOF_SALT_SECRET');
    // The leaves are written while the tree is hashed: the build pauses between slices, and the database works on
    // the inserts meanwhile (on PostgreSQL, its own process on another core).
    const positions = randomPermutation(treeSize(read.members.length));
    let treeMs = 0;
    const problems = await ctx.db.transaction(async (tx) => {
      const hashing = performance.now();
      const [tree] = await Promise.all([
        buildSnapshotTree(secret, id, read.members, { positions, pause: nextTurn }).finally(() => {
          treeMs = performance.now() - hashing;
        }),
        insertLeaves(tx, id, read.members.length, (i) => ({
          ...(read.members[i] as SnapshotMember),
          idx: positions[i] as number,
        })),
      ]);
      const totals = { USDT: tree.root.usdt, AGC: tree.root.agc };
      const problems = imbalance(read, totals);
      await insertNodes(tx, id, tree.stored);
      const ok = await finishClaim(tx, id, holder, {
        status: problems.length === 0 ? 'built' : 'unbalanced',
        asOf: read.asOf,
        builtAt: new Date(),
        buildMs: Math.round(performance.now() - started),
        members: read.members.length,
        size: tree.size,
        rootHash: bytesToHex(tree.root.hash),
        totalUsdt: totals.USDT,
        totalAgc: totals.AGC,
        solvencyUsdt: read.solvency.USDT,
        solvencyAgc: read.solvency.AGC,
        reservesBlock: reserves.block.number,
        reservesBlockHash: reserves.block.hash.toLowerCase(),
        reservesAt: reserves.block.time,
        reservesUsdt: reservesOf(reserves, 'USDT'),
        reservesAgc: reservesOf(reserves, 'AGC'),
        reserves: reserves.holders.map((h) => ({
          key: h.key,
          address: h.address,
          usdt: h.balances.USDT.toString(),
          agc: h.balances.AGC.toString(),
        })),
        error: problems.length === 0 ? null : problems.join('; '),
      });
      if (!ok) throw new Error(`proof snapshot ${id}: the claim was taken over by another process`);
      return problems;
    });
    const row = await findSnapshot(ctx.db, id);
    if (!row) throw new Error(`proof snapshot ${id} vanished`);
    if (row.status === 'unbalanced')
      log.error(
        { snapshot: id, problems },
        'proof of liabilities: the snapshot does not balance; not published',
      );
    else
      log.info(
        {
          snapshot: id,
          members: row.members,
          ms: row.buildMs,
          readMs: Math.round(readMs),
          readRssMb,
          treeMs: Math.round(treeMs),
          writeMs: Math.round(performance.now() - started - readMs),
        },
        'proof of liabilities: snapshot built',
      );
    return row;
  } catch (err) {
    await dropClaim(ctx.db, id, holder).catch(() => {});
    throw err;
  }
}

/**
 * The daily snapshot after the settlement of `day`: taken once whichever process runs it (the day's row is the
 * claim). Null when it exists already or another process is building it.
 */
export async function takeDailySnapshot(
  ctx: AppContext,
  day: string,
  log: FastifyBaseLogger,
  holder = newHolderId(),
): Promise<SnapshotRow | null> {
  const id = await claimDay(ctx.db, day, holder, CLAIM_MS);
  if (id === null) return null;
  return build(ctx, id, holder, log);
}

/** A snapshot an admin asked for, now. */
export async function takeRequestedSnapshot(
  ctx: AppContext,
  requestedBy: bigint,
  log: FastifyBaseLogger,
): Promise<SnapshotRow> {
  const holder = newHolderId();
  const id = await claimRequest(ctx.db, requestedBy, holder, CLAIM_MS);
  return build(ctx, id, holder, log);
}
