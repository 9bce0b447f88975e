import { type Abi, type Address, type Hex, keccak256, parseAbiItem, parseEventLogs, toHex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { liabilityAttestationAbi, liabilityAttestationBytecode } from '../generated/abis.ts';
import { addressOf, chainForFile, expectZeroAddressesRefused, GUARDIAN, guardedCalls } from './helpers.ts';

/**
 * LiabilityAttestation: the proof-of-liabilities roots (docs/proof-of-liabilities.md). Only the attester publishes,
 * once per snapshot id; the event and `snapshots(id)` carry every field; the owner moves in two steps and replaces the
 * attester only after the delay; the guardian pauses and cancels.
 */
const c = await chainForFile();
const OWNER = 0;
const ATTESTER = 5;
const NEW_ATTESTER = 6;
const STRANGER = 7;
const NEW_OWNER = 8;
const DELAY = 3600n;

let address: Address;
const guarded = guardedCalls(c, liabilityAttestationAbi, () => address);
const read = <F extends 'attester' | 'pendingAttester' | 'paused'>(functionName: F) =>
  c.publicClient.readContract({ address, abi: liabilityAttestationAbi, functionName });
const snapshot = (id: bigint) =>
  c.publicClient.readContract({
    address,
    abi: liabilityAttestationAbi,
    functionName: 'snapshots',
    args: [id],
  });

const root = (n: number): Hex => keccak256(toHex(`root ${n}`));
/** publish's arguments: id, root, totals, and the block the reserves were read at (the latest by default). */
const args = async (id: bigint, n = Number(id), reservesBlock?: bigint) =>
  [
    id,
    root(n),
    1_500_000n * BigInt(n),
    10n ** 18n * BigInt(n),
    reservesBlock ?? (await c.publicClient.getBlockNumber()),
  ] as const;

beforeEach(async () => {
  const hash = await c.wallet(OWNER).deployContract({
    abi: liabilityAttestationAbi,
    bytecode: liabilityAttestationBytecode,
    args: [addressOf(ATTESTER), addressOf(GUARDIAN), DELAY],
  });
  const receipt = await c.confirm(hash);
  if (!receipt.contractAddress) throw new Error('not deployed');
  address = receipt.contractAddress;
});

describe('publish', () => {
  it('the attester publishes; the event and snapshots(id) carry every field', async () => {
    const a = await args(12n);
    const receipt = await guarded.send(ATTESTER, 'publish', a);
    expect(guarded.eventsOf(receipt, 'Published')).toEqual([
      { snapshotId: 12n, rootHash: a[1], totalUsdt: a[2], totalAgc: a[3], reservesBlock: a[4] },
    ]);
    // The snapshot id is the event's one indexed field: a log filter by id finds it.
    const logs = await c.publicClient.getLogs({
      address,
      event: liabilityAttestationAbi.find((x) => x.type === 'event' && x.name === 'Published') as never,
      args: { snapshotId: 12n } as never,
      fromBlock: receipt.blockNumber,
    });
    expect(logs).toHaveLength(1);
    expect(await snapshot(12n)).toEqual([a[1], a[2], a[3], a[4], await guarded.blockTime(receipt)]);
    // Nothing for another id: publishedAt 0.
    expect(await snapshot(13n)).toEqual([`0x${'0'.repeat(64)}`, 0n, 0n, 0n, 0n]);
  });

  it('replay: a snapshot id publishes once, even with the same data; other ids are free', async () => {
    const a = await args(1n);
    await guarded.send(ATTESTER, 'publish', a);
    expect(await guarded.refusal(ATTESTER, 'publish', a)).toEqual({
      errorName: 'AlreadyPublished',
      args: [1n],
    });
    expect(await guarded.refusal(ATTESTER, 'publish', await args(1n, 9))).toEqual({
      errorName: 'AlreadyPublished',
      args: [1n],
    });
    expect((await snapshot(1n))[0]).toBe(root(1)); // the first root stays
    await guarded.send(ATTESTER, 'publish', await args(2n));
    await guarded.send(ATTESTER, 'publish', await args(7n)); // ids need not be consecutive
  });

  it('wrong attester: the owner, the guardian, a stranger and the next attester are refused', async () => {
    const a = await args(3n);
    for (const who of [OWNER, GUARDIAN, STRANGER, NEW_ATTESTER])
      expect(await guarded.refusal(who, 'publish', a)).toEqual({ errorName: 'NotAttester', args: [] });
    expect((await snapshot(3n))[4]).toBe(0n);
  });

  it('refuses snapshot id 0, a zero root and a reserves block still to come', async () => {
    const [, r, u, g, block] = await args(4n);
    expect((await guarded.refusal(ATTESTER, 'publish', [0n, r, u, g, block])).errorName).toBe(
      'ZeroSnapshotId',
    );
    expect(
      (await guarded.refusal(ATTESTER, 'publish', [4n, `0x${'0'.repeat(64)}`, u, g, block])).errorName,
    ).toBe('ZeroRoot');
    // Far ahead: a block or two could be mined between reading the head and the call on a busy node.
    expect(await guarded.refusal(ATTESTER, 'publish', [4n, r, u, g, block + 1000n])).toEqual({
      errorName: 'FutureReservesBlock',
      args: [block + 1000n],
    });
  });

  it('the guardian pauses publishing; only the owner resumes it', async () => {
    await guarded.send(GUARDIAN, 'pause');
    expect((await guarded.refusal(ATTESTER, 'publish', await args(5n))).errorName).toBe('EnforcedPause');
    expect((await guarded.refusal(GUARDIAN, 'unpause')).errorName).toBe('OwnableUnauthorizedAccount');
    expect((await guarded.refusal(STRANGER, 'pause')).errorName).toBe('Unauthorized');
    await guarded.send(OWNER, 'unpause');
    await guarded.send(ATTESTER, 'publish', await args(5n));
  });

  it('the interface the format documents (verifiers declare it without our build)', () => {
    // Names, types, indexing and mutability: what a verifier's hand-written ABI must match.
    type Param = { name?: string; type: string; indexed?: boolean };
    const shape = (item: Abi[number]) => {
      const params = (list: readonly Param[] = []) => list.map((p) => [p.name, p.type, p.indexed ?? false]);
      return {
        type: item.type,
        name: 'name' in item ? item.name : undefined,
        stateMutability: 'stateMutability' in item ? item.stateMutability : undefined,
        inputs: params('inputs' in item ? item.inputs : []),
        outputs: params('outputs' in item ? item.outputs : []),
      };
    };
    const compiled = (name: string) =>
      shape(liabilityAttestationAbi.find((x) => 'name' in x && x.name === name) as Abi[number]);
    for (const signature of [
      'function snapshots(uint64 snapshotId) view returns (bytes32 rootHash, uint256 totalUsdt, uint256 totalAgc, uint64 reservesBlock, uint64 publishedAt)',
      'function publish(uint64 snapshotId, bytes32 rootHash, uint256 totalUsdt, uint256 totalAgc, uint64 reservesBlock)',
      'event Published(uint64 indexed snapshotId, bytes32 rootHash, uint256 totalUsdt, uint256 totalAgc, uint64 reservesBlock)',
    ]) {
      const documented = parseAbiItem(signature) as Abi[number];
      expect(compiled((documented as { name: string }).name), signature).toEqual(shape(documented));
    }
  });
});

describe('roles', () => {
  it('refuses zero addresses at deployment', async () => {
    await expectZeroAddressesRefused(
      c,
      liabilityAttestationAbi,
      liabilityAttestationBytecode,
      [addressOf(ATTESTER), addressOf(GUARDIAN)],
      [DELAY],
    );
  });

  it('ownership moves in two steps and cannot be renounced', async () => {
    await guarded.expectOwnerNominates(OWNER, NEW_OWNER, STRANGER);
    // Until the nominee accepts, the old owner still rules and the nominee nothing.
    expect((await guarded.refusal(NEW_OWNER, 'proposeAttester', [addressOf(NEW_ATTESTER)])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    await guarded.expectNomineeAccepts(NEW_OWNER, STRANGER);
    expect((await guarded.refusal(OWNER, 'proposeAttester', [addressOf(NEW_ATTESTER)])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    await guarded.send(NEW_OWNER, 'proposeAttester', [addressOf(NEW_ATTESTER)]);
    expect(await guarded.renounceRefusal(NEW_OWNER)).toBe('RenounceDisabled');
    await guarded.expectOwnerReplacesGuardian(NEW_OWNER, GUARDIAN, STRANGER);
  });

  it('delay: a new attester takes over only changeDelay after it was proposed; the guardian may cancel', async () => {
    expect((await guarded.refusal(STRANGER, 'proposeAttester', [addressOf(STRANGER)])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    expect((await guarded.refusal(ATTESTER, 'proposeAttester', [addressOf(STRANGER)])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    expect((await guarded.refusal(OWNER, 'proposeAttester', [`0x${'0'.repeat(40)}`])).errorName).toBe(
      'ZeroAddress',
    );
    expect((await guarded.refusal(OWNER, 'executeAttester')).errorName).toBe('NoPendingChange');

    const proposed = await guarded.send(OWNER, 'proposeAttester', [addressOf(NEW_ATTESTER)]);
    const eta = (await guarded.blockTime(proposed)) + DELAY;
    expect(guarded.eventsOf(proposed, 'AttesterChangeProposed')).toEqual([
      { newAttester: addressOf(NEW_ATTESTER), eta },
    ]);
    expect(await read('pendingAttester')).toEqual([addressOf(NEW_ATTESTER), eta]);
    expect(await guarded.refusal(OWNER, 'executeAttester')).toEqual({
      errorName: 'ChangeNotReady',
      args: [eta],
    });
    // Meanwhile the old attester still publishes and the proposed one cannot.
    expect((await guarded.refusal(NEW_ATTESTER, 'publish', await args(1n))).errorName).toBe('NotAttester');
    await guarded.send(ATTESTER, 'publish', await args(1n));

    // The guardian sees it coming and cancels it; executing then has nothing to take.
    const cancelled = await guarded.send(GUARDIAN, 'cancelAttesterChange');
    expect(guarded.eventsOf(cancelled, 'AttesterChangeCancelled')).toEqual([
      { cancelledAttester: addressOf(NEW_ATTESTER) },
    ]);
    expect((await guarded.refusal(STRANGER, 'cancelAttesterChange')).errorName).toBe('Unauthorized');
    await c.advance(DELAY);
    expect((await guarded.refusal(OWNER, 'executeAttester')).errorName).toBe('NoPendingChange');

    // Proposed again: one second short of the delay it is still refused, at the delay it applies.
    const again = await guarded.send(OWNER, 'proposeAttester', [addressOf(NEW_ATTESTER)]);
    const eta2 = (await guarded.blockTime(again)) + DELAY;
    await c.mineAt(eta2 - 2n);
    expect((await guarded.refusal(OWNER, 'executeAttester')).errorName).toBe('ChangeNotReady');
    await c.testClient.setNextBlockTimestamp({ timestamp: eta2 });
    const executed = await guarded.send(OWNER, 'executeAttester');
    expect(guarded.eventsOf(executed, 'AttesterChanged')).toEqual([
      { previousAttester: addressOf(ATTESTER), newAttester: addressOf(NEW_ATTESTER) },
    ]);
    expect(await read('attester')).toBe(addressOf(NEW_ATTESTER));
    expect((await guarded.refusal(ATTESTER, 'publish', await args(2n))).errorName).toBe('NotAttester');
    const published = await guarded.send(NEW_ATTESTER, 'publish', await args(2n));
    expect(
      parseEventLogs({ abi: liabilityAttestationAbi, logs: published.logs, eventName: 'Published' }),
    ).toHaveLength(1);
  });
});
