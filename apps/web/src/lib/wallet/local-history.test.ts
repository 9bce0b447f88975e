import type { Address, Hash, PublicClient } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildList,
  firstRange,
  type HistoryItem,
  LocalHistory,
  logToItem,
  mergeItems,
  newerRanges,
  olderRange,
} from './local-history.ts';
import type { SentTx } from './local-sent.ts';

const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address;
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const TOKENS = {
  USDT: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address,
  AGC: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as Address,
};
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash;

afterEach(() => localStorage.clear());

describe('history ranges', () => {
  it('reads backwards in ranges of at most maxRange blocks down to the floor, then stops', () => {
    expect(olderRange(25_000n, 0n, 10_000n)).toEqual({ from: 15_000n, to: 24_999n });
    expect(olderRange(15_000n, 12_000n, 10_000n)).toEqual({ from: 12_000n, to: 14_999n });
    expect(olderRange(12_000n, 12_000n, 10_000n)).toBeNull();
    expect(olderRange(1n, 0n, 10_000n)).toEqual({ from: 0n, to: 0n });
  });

  it('reads forward from the cursor to the head in bounded ranges; too far behind starts again', () => {
    expect(newerRanges(100n, 100n, 10n, 5)).toEqual([]);
    expect(newerRanges(100n, 125n, 10n, 5)).toEqual([
      { from: 101n, to: 110n },
      { from: 111n, to: 120n },
      { from: 121n, to: 125n },
    ]);
    expect(newerRanges(100n, 150n, 10n, 5)).toHaveLength(5);
    expect(newerRanges(100n, 151n, 10n, 5)).toBeNull();
  });

  it('starts with the newest range above the floor', () => {
    expect(firstRange(50_000n, 0n, 10_000n)).toEqual({ from: 40_001n, to: 50_000n });
    expect(firstRange(500n, 20n, 10_000n)).toEqual({ from: 20n, to: 500n });
  });
});

const log = (n: {
  block: bigint;
  index: number;
  from: Address;
  to: Address;
  value: bigint;
  token?: Address;
  tx?: Hash;
}) => ({
  address: n.token ?? TOKENS.USDT,
  transactionHash: n.tx ?? hash(Number(n.block) * 100 + n.index),
  logIndex: n.index,
  blockNumber: n.block,
  args: { from: n.from, to: n.to, value: n.value },
});

/** The wallet's history item of a Transfer log with these fields, seen at `time`. */
const itemOf = (n: Parameters<typeof log>[0], time: number) => logToItem(log(n), WALLET, TOKENS, time);

describe('history items', () => {
  it('turns a Transfer log into an item with its direction and counterparty', () => {
    const into = itemOf({ block: 5n, index: 0, from: OTHER, to: WALLET, value: 7n }, 1000);
    expect(into).toMatchObject({
      asset: 'USDT',
      direction: 'in',
      counterparty: OTHER,
      amount: '7',
      time: 1000,
    });
    const out = itemOf(
      { block: 5n, index: 1, from: WALLET, to: OTHER, value: 10n ** 30n, token: TOKENS.AGC },
      1000,
    );
    expect(out).toMatchObject({
      asset: 'AGC',
      direction: 'out',
      counterparty: OTHER,
      amount: '1'.padEnd(31, '0'),
    });
    expect(itemOf({ block: 5n, index: 2, from: WALLET, to: WALLET, value: 1n }, 0)?.direction).toBe('self');
    expect(itemOf({ block: 5n, index: 3, from: OTHER, to: OTHER, value: 1n }, 0)).toBeNull();
    expect(itemOf({ block: 5n, index: 4, from: OTHER, to: WALLET, value: 1n, token: OTHER }, 0)).toBeNull();
  });

  it('merges without duplicates, newest first', () => {
    const a = itemOf({ block: 5n, index: 0, from: OTHER, to: WALLET, value: 1n }, 5000);
    const b = itemOf({ block: 6n, index: 0, from: OTHER, to: WALLET, value: 2n }, 6000);
    const c = itemOf({ block: 6n, index: 1, from: OTHER, to: WALLET, value: 3n }, 6000);
    const items = mergeItems([a, b] as HistoryItem[], [b, c] as HistoryItem[]);
    expect(items.map((i) => i.amount)).toEqual(['3', '2', '1']);
  });

  it('lists pending sends first, links own sends, shows ETH and failed sends, not beyond the window', () => {
    const sent = (n: number, patch: Partial<SentTx>): SentTx => ({
      hash: hash(n),
      from: WALLET,
      to: OTHER,
      asset: 'ETH',
      amount: '1',
      nonce: n,
      maxFeePerGas: '1',
      maxPriorityFeePerGas: '1',
      gas: '21000',
      kind: 'send',
      status: 'success',
      createdAt: n * 1000,
      ...patch,
    });
    const tokenSend = itemOf(
      { block: 9n, index: 0, from: WALLET, to: OTHER, value: 5n, tx: hash(9) },
      9000,
    ) as HistoryItem;
    const received = itemOf({ block: 3n, index: 0, from: OTHER, to: WALLET, value: 4n }, 3000) as HistoryItem;
    const list = buildList(
      [tokenSend, received],
      [
        sent(2, { status: 'pending' }), // older pending: still first
        sent(9, { asset: 'USDT', amount: '5' }), // the token send: its log shows it
        sent(7, {}), // an ETH send
        sent(8, { asset: 'AGC', status: 'reverted' }), // no log: shown from the browser's record
        sent(1, {}), // older than the window: waits for it
      ],
      { hasMore: true, oldestTime: 2500 },
    );
    expect(list.map((i) => [i.hash, i.status, i.own])).toEqual([
      [hash(2), 'pending', true],
      [tokenSend.hash, 'success', true],
      [hash(8), 'reverted', true],
      [hash(7), 'success', true],
      [received.hash, 'success', false],
    ]);
    // At the floor everything shows.
    expect(buildList([], [sent(1, {})], { hasMore: false, oldestTime: 2500 }).map((i) => i.hash)).toEqual([
      hash(1),
    ]);
  });
});

/** A chain of `head` blocks with Transfer logs, answering what LocalHistory asks, and the ranges asked. */
function fakeChain(opts: { head: bigint; deploy: bigint; logs: ReturnType<typeof log>[] }) {
  const state = { head: opts.head, logs: opts.logs, salt: 'a', ranges: [] as [bigint, bigint][] };
  const client = {
    getBlockNumber: async () => state.head,
    getBlock: async ({ blockNumber }: { blockNumber: bigint }) => {
      if (blockNumber > state.head) throw new Error('no such block');
      return {
        hash: `0x${state.salt}${blockNumber.toString(16).padStart(63, '0')}`,
        timestamp: blockNumber * 2n,
      };
    },
    getCode: async ({ blockNumber }: { blockNumber: bigint }) =>
      blockNumber >= opts.deploy ? '0x60' : undefined,
    // The wallet's state at a block, from the logs: no ETH and no nonce here, the tokens' balances.
    getTransactionCount: async () => 0,
    getBalance: async () => 0n,
    readContract: async (q: { address: Address; args: [Address]; blockNumber: bigint }) => {
      let balance = 0n;
      for (const l of state.logs) {
        if (l.address !== q.address || l.blockNumber > q.blockNumber) continue;
        if (l.args.to === q.args[0]) balance += l.args.value;
        if (l.args.from === q.args[0]) balance -= l.args.value;
      }
      return balance;
    },
    getLogs: async (q: { fromBlock: bigint; toBlock: bigint; args: { from?: Address; to?: Address } }) => {
      if (q.toBlock - q.fromBlock + 1n > 10n) throw new Error('range too large');
      if (q.args.from) state.ranges.push([q.fromBlock, q.toBlock]);
      return state.logs.filter(
        (l) =>
          l.blockNumber >= q.fromBlock &&
          l.blockNumber <= q.toBlock &&
          (q.args.from ? l.args.from === q.args.from : l.args.to === q.args.to),
      );
    },
  };
  return { client: client as unknown as PublicClient, state };
}

const CONFIG = { maxRange: 10n, rangesPerPage: 3, maxForwardRanges: 4, maxStoredItems: 100 };

describe('LocalHistory', () => {
  it('reads the newest range, then older ranges on demand down to the wallet’s first block', async () => {
    const { client, state } = fakeChain({
      head: 100n,
      deploy: 42n,
      logs: [
        log({ block: 95n, index: 0, from: OTHER, to: WALLET, value: 1n }),
        log({ block: 60n, index: 0, from: WALLET, to: OTHER, value: 2n }),
        log({ block: 45n, index: 0, from: OTHER, to: WALLET, value: 3n }),
      ],
    });
    const history = new LocalHistory(client, WALLET, TOKENS, CONFIG);
    let snap = await history.refresh();
    expect(state.ranges).toEqual([[91n, 100n]]);
    expect(snap.items.map((i) => i.amount)).toEqual(['1']);
    expect(snap.hasMore).toBe(true);
    expect(snap.items[0]?.time).toBe(190_000); // the block's time

    snap = await history.loadOlder(); // 81-90, 71-80, 61-70: nothing; three ranges a page
    expect(state.ranges.slice(1)).toEqual([
      [81n, 90n],
      [71n, 80n],
      [61n, 70n],
    ]);
    expect(snap.items).toHaveLength(1);
    snap = await history.loadOlder(); // 51-60 finds one and hands back
    expect(snap.items.map((i) => i.amount)).toEqual(['1', '2']);
    snap = await history.loadOlder(); // 45-50: the wallet's first transfer (above the deploy block 42) is the floor
    expect(state.ranges.at(-1)).toEqual([45n, 50n]);
    expect(snap.items.map((i) => i.amount)).toEqual(['1', '2', '3']);
    expect(snap.hasMore).toBe(false);
    const asked = state.ranges.length;
    await history.loadOlder();
    expect(state.ranges.length).toBe(asked); // nothing below the floor
  });

  it('a wallet never touched has nothing to page back to; an RPC without old state pages to the deploy block', async () => {
    const { client, state } = fakeChain({ head: 100n, deploy: 42n, logs: [] });
    const snap = await new LocalHistory(client, WALLET, TOKENS, CONFIG).refresh();
    expect(snap).toMatchObject({ items: [], hasMore: false });
    expect(state.ranges).toEqual([[100n, 100n]]);

    localStorage.clear();
    const pruned = fakeChain({
      head: 100n,
      deploy: 42n,
      logs: [log({ block: 95n, index: 0, from: OTHER, to: WALLET, value: 1n })],
    });
    (pruned.client as unknown as { getTransactionCount: () => Promise<number> }).getTransactionCount =
      async () => {
        throw new Error('missing trie node (not an archive node)');
      };
    const history = new LocalHistory(pruned.client, WALLET, TOKENS, CONFIG);
    await history.refresh();
    await history.loadOlder();
    await history.loadOlder();
    await history.loadOlder();
    expect(pruned.state.ranges.at(-1)).toEqual([42n, 50n]);
    expect((await history.loadOlder()).hasMore).toBe(false);
  });

  // A wallet first touched at block 5: its window starts as a whole range.
  const early = () => [log({ block: 5n, index: 0, from: OTHER, to: WALLET, value: 1n })];

  it('a later visit reads only the new blocks from the stored cursor', async () => {
    const { client, state } = fakeChain({ head: 100n, deploy: 0n, logs: early() });
    await new LocalHistory(client, WALLET, TOKENS, CONFIG).refresh();
    state.head = 115n;
    state.logs.push(log({ block: 112n, index: 0, from: OTHER, to: WALLET, value: 9n }));
    const snap = await new LocalHistory(client, WALLET, TOKENS, CONFIG).refresh(); // a new page visit
    expect(state.ranges).toEqual([
      [91n, 100n],
      [101n, 110n],
      [111n, 115n],
    ]);
    expect(snap.items.map((i) => i.amount)).toEqual(['9']);
    expect(new LocalHistory(client, WALLET, TOKENS, CONFIG).stored()?.items).toHaveLength(1);
  });

  it('reads again after a reorg under the cursor, or when too far behind', async () => {
    const { client, state } = fakeChain({ head: 100n, deploy: 0n, logs: early() });
    const history = new LocalHistory(client, WALLET, TOKENS, CONFIG);
    await history.refresh();
    state.salt = 'b'; // block 100 now has another hash
    state.head = 105n;
    await history.refresh();
    expect(state.ranges.at(-1)).toEqual([96n, 105n]);
    state.head = 200n; // 95 blocks behind > 4 ranges of 10
    await history.refresh();
    expect(state.ranges.at(-1)).toEqual([191n, 200n]);
  });

  it('keeps a wallet’s history apart from another’s and from another token configuration', async () => {
    const { client } = fakeChain({
      head: 100n,
      deploy: 0n,
      logs: [log({ block: 99n, index: 0, from: OTHER, to: WALLET, value: 1n })],
    });
    await new LocalHistory(client, WALLET, TOKENS, CONFIG).refresh();
    expect(new LocalHistory(client, OTHER, TOKENS, CONFIG).stored()).toBeNull();
    expect(new LocalHistory(client, WALLET, { ...TOKENS, AGC: OTHER }, CONFIG).stored()).toBeNull();
  });
});
