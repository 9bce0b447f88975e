// The local wallet's transfer history, read from the chain the way the server's chain watcher reads it: ERC-20
// Transfer logs of the two tokens (from = wallet, or to = wallet) in bounded block ranges (≤ maxRange blocks per
// eth_getLogs), with a stored cursor per wallet (localStorage) so that a later visit reads only the new blocks.
// The window [oldest, newest] is what has been read: a refresh reads forward from `newest` to the head, "load
// more" reads backwards from `oldest` to the floor (the first block either token contract exists at). The block
// hash of `newest` is kept: a different hash at the next visit (a reorg) drops the window and reads again.
// ETH moves carry no logs: the list shows the ETH sends this browser made (local-sent.ts); received ETH shows in
// the balance only.
import { type Address, erc20Abi, type Hash, type PublicClient } from 'viem';
import type { LocalAsset } from './local-chain.ts';
import type { SentStatus, SentTx } from './local-sent.ts';

/** ERC-20 Transfer(address indexed from, address indexed to, uint256 value). */
export const TRANSFER_EVENT = {
  type: 'event',
  name: 'Transfer',
  inputs: [
    { name: 'from', type: 'address', indexed: true },
    { name: 'to', type: 'address', indexed: true },
    { name: 'value', type: 'uint256', indexed: false },
  ],
} as const;

export interface HistoryConfig {
  /** Blocks per eth_getLogs (public Arbitrum RPCs accept 10 000). */
  maxRange: bigint;
  /** Ranges one "load more" may read looking for an older transfer before it hands back. */
  rangesPerPage: number;
  /** Ranges a refresh reads forward; further behind, the window starts again at the head. */
  maxForwardRanges: number;
  /** Transfers kept in storage per wallet (the newest). */
  maxStoredItems: number;
}

export const DEFAULT_HISTORY_CONFIG: HistoryConfig = {
  maxRange: 10_000n,
  rangesPerPage: 10,
  maxForwardRanges: 50,
  maxStoredItems: 500,
};

export type Direction = 'in' | 'out' | 'self';

/** One transfer in the list: from the chain (a log), or one of this browser's sends (local-sent.ts). */
export interface HistoryItem {
  /** txHash:logIndex for a log; the hash for a send without one. */
  key: string;
  hash: Hash;
  asset: LocalAsset;
  direction: Direction;
  /** Minor units, as a decimal string. */
  amount: string;
  /** The other side (for a self transfer: the wallet). */
  counterparty: Address;
  /** ms since the epoch: the block's time, or when a send without a block was made. */
  time: number;
  blockNumber: string | null;
  logIndex: number | null;
  status: 'success' | SentStatus;
  /** Sent from this browser: the result page follows it. */
  own: boolean;
}

/** What is stored per wallet. */
interface StoredHistory {
  v: 1;
  /** The token contracts it was read for (a change of configuration drops it). */
  tokens: string;
  oldest: string;
  newest: string;
  newestHash: Hash;
  /** The time of the `oldest` block (ms): sends older than the window wait for it. */
  oldestTime: number;
  floor: string;
  items: HistoryItem[];
}

export interface HistorySnapshot {
  items: HistoryItem[];
  /** Older blocks are left to read. */
  hasMore: boolean;
  oldestTime: number;
}

const STORAGE_PREFIX = 'localWalletHistory:';
const FIRST_BLOCK_PREFIX = 'localWalletFirstBlock:';
const DEPLOY_PREFIX = 'localWalletTokenDeploy:';

// ---- pure parts ----

/** The next range backwards from `oldest` (exclusive) down to `floor` (inclusive), or null at the floor. */
export function olderRange(
  oldest: bigint,
  floor: bigint,
  maxRange: bigint,
): { from: bigint; to: bigint } | null {
  if (oldest <= floor) return null;
  const to = oldest - 1n;
  const from = to - maxRange + 1n > floor ? to - maxRange + 1n : floor;
  return { from, to };
}

/** The ranges forward from `newest` (exclusive) to `head` (inclusive), oldest first; null when too many. */
export function newerRanges(
  newest: bigint,
  head: bigint,
  maxRange: bigint,
  maxRanges: number,
): { from: bigint; to: bigint }[] | null {
  const ranges: { from: bigint; to: bigint }[] = [];
  for (let from = newest + 1n; from <= head; from += maxRange) {
    if (ranges.length === maxRanges) return null;
    const to = from + maxRange - 1n < head ? from + maxRange - 1n : head;
    ranges.push({ from, to });
  }
  return ranges;
}

/** The first range of a wallet with nothing stored: the newest `maxRange` blocks above the floor. */
export function firstRange(head: bigint, floor: bigint, maxRange: bigint): { from: bigint; to: bigint } {
  const from = head - maxRange + 1n > floor ? head - maxRange + 1n : floor;
  return { from: from > head ? head : from, to: head };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Newest first: by time, then block, then log index. */
function byNewest(a: HistoryItem, b: HistoryItem): number {
  if (a.time !== b.time) return b.time - a.time;
  const ab = BigInt(a.blockNumber ?? 0);
  const bb = BigInt(b.blockNumber ?? 0);
  if (ab !== bb) return ab > bb ? -1 : 1;
  return (b.logIndex ?? 0) - (a.logIndex ?? 0);
}

/** The union of two lists of log items (one per txHash:logIndex), newest first. */
export function mergeItems(a: readonly HistoryItem[], b: readonly HistoryItem[]): HistoryItem[] {
  const map = new Map<string, HistoryItem>();
  for (const item of [...a, ...b]) map.set(item.key.toLowerCase(), item);
  return [...map.values()].sort(byNewest);
}

export interface TransferLog {
  address: Address;
  transactionHash: Hash;
  logIndex: number;
  blockNumber: bigint;
  args: { from: Address; to: Address; value: bigint };
}

/** A Transfer log as a list item of `wallet` (null when it is neither side, or not one of the two tokens). */
export function logToItem(
  log: TransferLog,
  wallet: Address,
  tokens: { USDT: Address; AGC: Address },
  blockTime: number,
): HistoryItem | null {
  const asset: LocalAsset | null = same(log.address, tokens.USDT)
    ? 'USDT'
    : same(log.address, tokens.AGC)
      ? 'AGC'
      : null;
  if (!asset) return null;
  const out = same(log.args.from, wallet);
  const into = same(log.args.to, wallet);
  if (!out && !into) return null;
  const direction: Direction = out && into ? 'self' : out ? 'out' : 'in';
  return {
    key: `${log.transactionHash}:${log.logIndex}`.toLowerCase(),
    hash: log.transactionHash,
    asset,
    direction,
    amount: log.args.value.toString(),
    counterparty: direction === 'in' ? log.args.from : log.args.to,
    time: blockTime,
    blockNumber: log.blockNumber.toString(),
    logIndex: log.logIndex,
    status: 'success',
    own: false,
  };
}

/**
 * The list as shown: this browser's pending sends first (newest first), then the rest newest first. Log items
 * of a transaction this browser sent link to its result page. A settled send shows on its own only where no log
 * tells of it (ETH, a revert, a drop, a replacement), and only once the window has reached its time, so that it
 * does not sit above transfers not read yet.
 */
export function buildList(
  logItems: readonly HistoryItem[],
  sent: readonly SentTx[],
  window: { hasMore: boolean; oldestTime: number },
): HistoryItem[] {
  const sentHashes = new Set(sent.map((s) => s.hash.toLowerCase()));
  const logHashes = new Set(logItems.map((i) => i.hash.toLowerCase()));
  const fromSent = (s: SentTx): HistoryItem => ({
    key: s.hash.toLowerCase(),
    hash: s.hash,
    asset: s.asset,
    direction: same(s.to, s.from) ? 'self' : 'out',
    amount: s.amount,
    counterparty: s.to,
    time: s.createdAt,
    blockNumber: s.blockNumber ?? null,
    logIndex: null,
    status: s.status,
    own: true,
  });
  const pending = sent
    .filter((s) => s.status === 'pending')
    .map(fromSent)
    .sort((a, b) => b.time - a.time);
  const settledSends = sent
    .filter(
      (s) =>
        s.status !== 'pending' &&
        !logHashes.has(s.hash.toLowerCase()) &&
        (s.asset === 'ETH' || s.status !== 'success') &&
        (!window.hasMore || s.createdAt >= window.oldestTime),
    )
    .map(fromSent);
  const logs = logItems.map((i) => (sentHashes.has(i.hash.toLowerCase()) ? { ...i, own: true } : i));
  return [...pending, ...[...logs, ...settledSends].sort(byNewest)];
}

// ---- storage ----

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

const tokensKey = (tokens: { USDT: Address; AGC: Address }) =>
  `${tokens.USDT.toLowerCase()},${tokens.AGC.toLowerCase()}`;

function readStored(wallet: Address, tokens: { USDT: Address; AGC: Address }): StoredHistory | null {
  try {
    const raw = storage()?.getItem(STORAGE_PREFIX + wallet.toLowerCase());
    const parsed = raw ? (JSON.parse(raw) as StoredHistory) : null;
    if (parsed?.v !== 1 || parsed.tokens !== tokensKey(tokens) || !Array.isArray(parsed.items)) return null;
    BigInt(parsed.oldest);
    BigInt(parsed.newest);
    BigInt(parsed.floor);
    return parsed;
  } catch {
    return null; // unreadable: read again from the chain
  }
}

/** Stores the window (cut to the newest `maxItems` when given) and returns what was stored. */
function writeStored(wallet: Address, history: StoredHistory, maxItems?: number): StoredHistory {
  let h = history;
  if (maxItems !== undefined && h.items.length > maxItems) {
    // Keep the newest; the window then starts at the oldest kept block (older ones are read again on scroll).
    const items = h.items.slice(0, maxItems);
    const last = items.at(-1);
    h = { ...h, items, oldest: last?.blockNumber ?? h.oldest, oldestTime: last?.time ?? h.oldestTime };
  }
  try {
    storage()?.setItem(STORAGE_PREFIX + wallet.toLowerCase(), JSON.stringify(h));
  } catch {
    // storage full or disabled: the next visit reads from the chain again
  }
  return h;
}

/** Forgets a wallet's stored history (its key was removed from this browser). */
export function forgetHistory(wallet: Address): void {
  storage()?.removeItem(STORAGE_PREFIX + wallet.toLowerCase());
  storage()?.removeItem(FIRST_BLOCK_PREFIX + wallet.toLowerCase());
}

// ---- chain reads ----

/**
 * The first block in [lo, head] at which `holds` is true, for a state that stays true once it is (binary search),
 * cached under `key` once found; the head when it does not hold there yet (nothing to read below the head).
 */
async function firstBlockWhere(
  key: string,
  lo: bigint,
  head: bigint,
  holds: (blockNumber: bigint) => Promise<boolean>,
): Promise<bigint> {
  const cached = storage()?.getItem(key);
  if (cached && /^\d+$/.test(cached)) return BigInt(cached);
  if (!(await holds(head))) return head;
  let low = lo;
  let high = head;
  while (low < high) {
    const mid = (low + high) / 2n;
    if (await holds(mid)) high = mid;
    else low = mid + 1n;
  }
  storage()?.setItem(key, low.toString());
  return low;
}

/** The first block `address` has code at (binary search on eth_getCode; needs an archive RPC), cached. */
export function deployBlock(client: PublicClient, address: Address, head: bigint): Promise<bigint> {
  // Not deployed at the head (a wrong config) gives the head: nothing to read below it.
  return firstBlockWhere(DEPLOY_PREFIX + address.toLowerCase(), 0n, head, async (blockNumber) => {
    const code = await client.getCode({ address, blockNumber });
    return code !== undefined && code !== '0x';
  });
}

/**
 * Whether the wallet has been touched by `block`: a nonce, ETH, USDT or AGC. False before its first transfer in,
 * true from then on (leaving again takes a transaction of its own, and the nonce never goes back).
 */
async function touchedBy(
  client: PublicClient,
  wallet: Address,
  tokens: { USDT: Address; AGC: Address },
  blockNumber: bigint,
): Promise<boolean> {
  const balance = (token: Address) =>
    client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [wallet],
      blockNumber,
    });
  const [nonce, eth, usdt, agc] = await Promise.all([
    client.getTransactionCount({ address: wallet, blockNumber }),
    client.getBalance({ address: wallet, blockNumber }),
    balance(tokens.USDT),
    balance(tokens.AGC),
  ]);
  return nonce > 0 || eth > 0n || usdt > 0n || agc > 0n;
}

/**
 * The wallet's first block, from `lo` (binary search on its state; cached once found): nothing of its history
 * lies below. A wallet never touched gives the head (an empty list says so at once, without paging back).
 */
export function firstActivityBlock(
  client: PublicClient,
  wallet: Address,
  tokens: { USDT: Address; AGC: Address },
  lo: bigint,
  head: bigint,
): Promise<bigint> {
  return firstBlockWhere(FIRST_BLOCK_PREFIX + wallet.toLowerCase(), lo, head, (blockNumber) =>
    touchedBy(client, wallet, tokens, blockNumber),
  );
}

/**
 * The floor of the history: the wallet's first block, searched above the first block either token exists at.
 * An RPC that cannot answer for old blocks (not an archive node) leaves the tokens' floor, or 0.
 */
async function historyFloor(
  client: PublicClient,
  wallet: Address,
  tokens: { USDT: Address; AGC: Address },
  head: bigint,
): Promise<bigint> {
  let floor = 0n;
  try {
    const [a, b] = await Promise.all([
      deployBlock(client, tokens.USDT, head),
      deployBlock(client, tokens.AGC, head),
    ]);
    floor = [a, b].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))[0] ?? 0n; // bigints: no Math.min
  } catch {
    return floor;
  }
  try {
    return await firstActivityBlock(client, wallet, tokens, floor, head);
  } catch {
    return floor;
  }
}

/** The wallet's transfers of the two tokens in [from, to] (both directions; a self transfer once). */
export async function readTransfers(
  client: PublicClient,
  wallet: Address,
  tokens: { USDT: Address; AGC: Address },
  range: { from: bigint; to: bigint },
): Promise<HistoryItem[]> {
  const query = (args: { from: Address } | { to: Address }) =>
    client.getLogs({
      address: [tokens.USDT, tokens.AGC],
      event: TRANSFER_EVENT,
      args,
      fromBlock: range.from,
      toBlock: range.to,
      strict: true,
    });
  const [sent, received] = await Promise.all([query({ from: wallet }), query({ to: wallet })]);
  const logs = [...sent, ...received];
  const blocks = [...new Set(logs.map((l) => l.blockNumber))];
  const times = new Map<bigint, number>();
  await Promise.all(
    blocks.map(async (n) => {
      const block = await client.getBlock({ blockNumber: n });
      times.set(n, Number(block.timestamp) * 1000);
    }),
  );
  const items: HistoryItem[] = [];
  for (const log of logs) {
    const item = logToItem(log as TransferLog, wallet, tokens, times.get(log.blockNumber) ?? 0);
    if (item) items.push(item);
  }
  return mergeItems([], items);
}

const blockTime = async (client: PublicClient, n: bigint) =>
  Number((await client.getBlock({ blockNumber: n })).timestamp) * 1000;

/** The wallet's history reader over its stored window. */
export class LocalHistory {
  constructor(
    private readonly client: PublicClient,
    private readonly wallet: Address,
    private readonly tokens: { USDT: Address; AGC: Address },
    private readonly config: HistoryConfig = DEFAULT_HISTORY_CONFIG,
  ) {}

  private snapshot(h: StoredHistory): HistorySnapshot {
    return { items: h.items, hasMore: BigInt(h.oldest) > BigInt(h.floor), oldestTime: h.oldestTime };
  }

  /** What is stored, without reading the chain (null when nothing is). */
  stored(): HistorySnapshot | null {
    const h = readStored(this.wallet, this.tokens);
    return h ? this.snapshot(h) : null;
  }

  private async start(head: bigint): Promise<StoredHistory> {
    const floor = await historyFloor(this.client, this.wallet, this.tokens, head);
    const range = firstRange(head, floor, this.config.maxRange);
    const [items, headBlock, oldestTime] = await Promise.all([
      readTransfers(this.client, this.wallet, this.tokens, range),
      this.client.getBlock({ blockNumber: head }),
      blockTime(this.client, range.from),
    ]);
    return {
      v: 1,
      tokens: tokensKey(this.tokens),
      oldest: range.from.toString(),
      newest: head.toString(),
      newestHash: headBlock.hash,
      oldestTime,
      floor: floor.toString(),
      items,
    };
  }

  /** Reads the blocks after the stored window up to the head (or starts the window). */
  async refresh(): Promise<HistorySnapshot> {
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    let h = readStored(this.wallet, this.tokens);
    if (h) {
      const newest = BigInt(h.newest);
      // A reorg under the window, or a chain shorter than it (a reset test chain): read again.
      const still =
        newest <= head &&
        (await this.client.getBlock({ blockNumber: newest }).then(
          (b) => b.hash === h?.newestHash,
          () => false,
        ));
      const ranges = still
        ? newerRanges(newest, head, this.config.maxRange, this.config.maxForwardRanges)
        : null;
      if (!ranges) {
        h = null;
      } else if (ranges.length > 0) {
        let items = h.items;
        for (const range of ranges)
          items = mergeItems(items, await readTransfers(this.client, this.wallet, this.tokens, range));
        const headBlock = await this.client.getBlock({ blockNumber: head });
        h = { ...h, items, newest: head.toString(), newestHash: headBlock.hash };
      }
    }
    h ??= await this.start(head);
    // Only a refresh cuts the stored list: "load more" keeps what the member scrolled to.
    return this.snapshot(writeStored(this.wallet, h, this.config.maxStoredItems));
  }

  /** Reads older ranges until one has a transfer, `rangesPerPage` ranges were read, or the floor is reached. */
  async loadOlder(): Promise<HistorySnapshot> {
    let h = readStored(this.wallet, this.tokens);
    if (!h) return this.refresh();
    const floor = BigInt(h.floor);
    let items = h.items;
    let oldest = BigInt(h.oldest);
    const before = items.length;
    for (let i = 0; i < this.config.rangesPerPage; i++) {
      const range = olderRange(oldest, floor, this.config.maxRange);
      if (!range) break;
      items = mergeItems(items, await readTransfers(this.client, this.wallet, this.tokens, range));
      oldest = range.from;
      if (items.length > before) break;
    }
    h = { ...h, items, oldest: oldest.toString(), oldestTime: await blockTime(this.client, oldest) };
    return this.snapshot(writeStored(this.wallet, h));
  }
}
