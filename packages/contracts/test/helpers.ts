import {
  type Abi,
  type Address,
  BaseError,
  type ContractEventName,
  type ContractFunctionName,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeErrorResult,
  encodeDeployData,
  type Hash,
  type Hex,
  http,
  parseEventLogs,
  type TransactionReceipt,
  zeroAddress,
} from 'viem';
import { afterAll, expect } from 'vitest';
import { agcAbi, mockUsdtAbi } from '../generated/abis.ts';
import { devAccount, devQuoteSigner } from '../src/accounts.ts';
import { type AnvilInstance, startAnvil } from '../src/anvil.ts';
import {
  type DeployAllOptions,
  type Deployment,
  deployAll,
  localChain,
  type SeedDevFundsOptions,
  seedDevFunds,
} from '../src/deploy.ts';

export type Chain = Awaited<ReturnType<typeof startChain>>;

/** One anvil per test file plus the viem clients the tests need. */
export async function startChain() {
  const anvil: AnvilInstance = await startAnvil();
  const chain = localChain(42161, anvil.url);
  const transport = http(anvil.url);
  // viem polls every 4 s by default; anvil mines each transaction at once.
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, mode: 'anvil', transport });
  const wallet = (i: number) => createWalletClient({ account: devAccount(i), chain, transport });

  /** Waits for the receipt and insists the transaction succeeded. */
  const confirm = async (hash: Hash | Promise<Hash>) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    expect(receipt.status).toBe('success');
    return receipt;
  };

  const now = async () => (await publicClient.getBlock()).timestamp;

  /** Moves the chain clock forward by `seconds` and mines a block at that time. */
  const advance = async (seconds: bigint | number) => {
    await testClient.increaseTime({ seconds: Number(seconds) });
    await testClient.mine({ blocks: 1 });
  };

  /** Mines a block with exactly this timestamp (later transactions get later ones). */
  const mineAt = async (timestamp: bigint) => {
    await testClient.setNextBlockTimestamp({ timestamp });
    await testClient.mine({ blocks: 1 });
  };

  const balances = async (deployment: Deployment, owner: Address) => {
    const [usdtBalance, agcBalance] = await Promise.all([
      publicClient.readContract({
        address: deployment.usdt,
        abi: mockUsdtAbi,
        functionName: 'balanceOf',
        args: [owner],
      }),
      publicClient.readContract({
        address: deployment.agc,
        abi: agcAbi,
        functionName: 'balanceOf',
        args: [owner],
      }),
    ]);
    return { usdt: usdtBalance, agc: agcBalance };
  };

  return { anvil, chain, publicClient, testClient, wallet, confirm, now, advance, mineAt, balances };
}

/** The calling test file's anvil: started while the file loads, stopped after its last test. */
export async function chainForFile(): Promise<Chain> {
  const c = await startChain();
  afterAll(() => c.anvil.stop());
  return c;
}

/**
 * Calls every Guarded contract (Transfer, Vault) is tested through: `address` is read at call time,
 * since each test deploys afresh.
 */
export function guardedCalls<const A extends Abi>(c: Chain, abi: A, address: () => Address) {
  // Widened so one helper serves every function whatever its arguments.
  const anyAbi: Abi = abi;
  const write = (i: number, functionName: string, args: readonly unknown[] = []) =>
    c.confirm(c.wallet(i).writeContract({ address: address(), abi: anyAbi, functionName, args }));
  const simulate = (i: number, functionName: string, args: readonly unknown[] = []) =>
    revertOf(
      c.publicClient.simulateContract({
        account: devAccount(i),
        address: address(),
        abi: anyAbi,
        functionName,
        args,
      }),
    );
  const events = (receipt: TransactionReceipt, eventName: string) =>
    parseEventLogs({ abi: anyAbi, logs: receipt.logs, eventName }).map((e) => (e as { args: unknown }).args);
  const owners = async () => {
    const [owner, pendingOwner] = await Promise.all(
      (['owner', 'pendingOwner'] as const).map((functionName) =>
        c.publicClient.readContract({ address: address(), abi: anyAbi, functionName }),
      ),
    );
    return { owner, pendingOwner };
  };

  /** Sends a state-changing call as account `i` and returns the receipt. */
  const send = (
    i: number,
    functionName: ContractFunctionName<A, 'nonpayable'>,
    args: readonly unknown[] = [],
  ) => write(i, functionName, args);

  /** The custom error (name and arguments) such a call reverts with. */
  const refusal = (
    i: number,
    functionName: ContractFunctionName<A, 'nonpayable'>,
    args: readonly unknown[] = [],
  ) => simulate(i, functionName, args);

  /** The arguments of the receipt's events of this name. */
  const eventsOf = (receipt: TransactionReceipt, eventName: ContractEventName<A>) =>
    events(receipt, eventName);

  /** Timestamp of the block a receipt belongs to. */
  const blockTime = async (receipt: TransactionReceipt) =>
    (await c.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp;

  /** The EIP-712 domain the contract reports (what the server must sign for). */
  const domain = async () => {
    const [, name, version, chainId, verifyingContract] = (await c.publicClient.readContract({
      address: address(),
      abi: anyAbi,
      functionName: 'eip712Domain',
    })) as readonly [Hex, string, string, bigint, Address];
    return { name, version, chainId, verifyingContract };
  };

  /** Why renounceOwnership() fails for account `i` (it always does). */
  const renounceRefusal = (i: number) =>
    revertName(
      c.publicClient.readContract({
        account: devAccount(i),
        address: address(),
        abi: anyAbi,
        functionName: 'renounceOwnership',
      }),
    );

  /** Ownership move, step one: only the owner nominates, and the nominee owns nothing yet. */
  const expectOwnerNominates = async (owner: number, nominee: number, stranger: number) => {
    expect((await simulate(stranger, 'transferOwnership', [addressOf(stranger)])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    await write(owner, 'transferOwnership', [addressOf(nominee)]);
    expect(await owners()).toEqual({ owner: addressOf(owner), pendingOwner: addressOf(nominee) });
  };

  /** Ownership move, step two: only the nominee accepts, and then owns the contract. */
  const expectNomineeAccepts = async (nominee: number, stranger: number) => {
    expect(await simulate(stranger, 'acceptOwnership')).toEqual({
      errorName: 'OwnableUnauthorizedAccount',
      args: [addressOf(stranger)],
    });
    await write(nominee, 'acceptOwnership');
    expect(await owners()).toEqual({ owner: addressOf(nominee), pendingOwner: zeroAddress });
  };

  /** Only the owner replaces the guardian, at once; the old guardian can no longer pause. */
  const expectOwnerReplacesGuardian = async (owner: number, guardian: number, replacement: number) => {
    expect((await simulate(guardian, 'setGuardian', [addressOf(replacement)])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    expect((await simulate(owner, 'setGuardian', [zeroAddress])).errorName).toBe('ZeroAddress');
    const receipt = await write(owner, 'setGuardian', [addressOf(replacement)]);
    expect(events(receipt, 'GuardianChanged')).toEqual([
      { previousGuardian: addressOf(guardian), newGuardian: addressOf(replacement) },
    ]);
    expect(await simulate(guardian, 'pause')).toEqual({ errorName: 'Unauthorized', args: [] });
  };

  return {
    send,
    refusal,
    eventsOf,
    blockTime,
    domain,
    renounceRefusal,
    expectOwnerNominates,
    expectNomineeAccepts,
    expectOwnerReplacesGuardian,
  };
}

/**
 * Deploys `bytecode` once per address argument with that argument zeroed (the others from `valid`,
 * then `rest`) and expects each deployment to revert ZeroAddress().
 */
export async function expectZeroAddressesRefused(
  c: Chain,
  abi: Abi,
  bytecode: Hex,
  valid: readonly Address[],
  rest: readonly unknown[],
) {
  for (let i = 0; i < valid.length; i++) {
    const args = [...valid.map((a, j) => (i === j ? zeroAddress : a)), ...rest];
    expect(await deployRevertName(c, abi, bytecode, args)).toBe('ZeroAddress');
  }
}

/** Name of the custom error a contract call reverted with; fails when the call does not revert. */
export async function revertName(call: Promise<unknown>): Promise<string> {
  return (await revertOf(call)).errorName;
}

export async function revertOf(
  call: Promise<unknown>,
): Promise<{ errorName: string; args: readonly unknown[] }> {
  try {
    await call;
  } catch (err) {
    const revert =
      err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (revert instanceof ContractFunctionRevertedError) {
      return {
        errorName: revert.data?.errorName ?? `unknown ${revert.signature}`,
        args: revert.data?.args ?? [],
      };
    }
    throw err;
  }
  throw new Error('expected the call to revert, but it succeeded');
}

/** Name of the custom error a deployment of `bytecode` with these constructor arguments reverts with. */
export async function deployRevertName(
  c: Chain,
  abi: Abi,
  bytecode: Hex,
  args: readonly unknown[],
): Promise<string> {
  try {
    await c.publicClient.call({
      account: devAccount(0).address,
      data: encodeDeployData({ abi, bytecode, args }),
    });
  } catch (err) {
    // A failed eth_call carries the revert data on one of the errors of the chain.
    let data: Hex | undefined;
    if (err instanceof BaseError) {
      err.walk((e) => {
        const candidate = (e as { data?: unknown }).data;
        if (typeof candidate === 'string' && candidate.startsWith('0x')) data = candidate as Hex;
        return data !== undefined;
      });
    }
    if (!data) throw err;
    return decodeErrorResult({ abi, data }).errorName;
  }
  throw new Error('expected the deployment to revert, but it succeeded');
}

/**
 * EIP-712 types read from the Solidity type string a contract hashes into its *_TYPEHASH, e.g.
 * "Quote(uint256 orderId,address payer)". Tests sign with these rather than with src/quote.ts or
 * src/voucher.ts, so a drift between those helpers and the contracts shows.
 */
export function typedDataOf(typeString: string) {
  const match = /^(\w+)\((.*)\)$/.exec(typeString);
  if (!match?.[1] || match[2] === undefined) throw new Error(`not an EIP-712 type string: ${typeString}`);
  const primaryType = match[1];
  const fields = match[2].split(',').map((field) => {
    const [type = '', name = ''] = field.split(' ');
    return { name, type };
  });
  return { primaryType, types: { [primaryType]: fields } };
}

export const usdt = (n: number) => BigInt(n) * 10n ** 6n;
export const agc = (n: number) => BigInt(n) * 10n ** 18n;

export const addressOf = (i: number): Address => devAccount(i).address;

/** Default test guardian: a funded dev account distinct from the deployer (0) and the voucher signer (1). */
export const GUARDIAN = 4;

export type DeployExtras = Partial<
  Pick<DeployAllOptions, 'quoteSigner' | 'guardian' | 'changeDelay' | 'limits' | 'treasury'>
>;

/**
 * Fresh contracts for each test: dev account 0 deploys (open mint) and owns them, `signer` signs
 * vouchers, devQuoteSigner() signs payment quotes and dev account GUARDIAN guards, unless `extras`
 * says otherwise; then the given accounts and the vault are funded.
 */
export async function deployFresh(
  c: Chain,
  signer: Address,
  funds: Pick<SeedDevFundsOptions, 'accounts' | 'usdt' | 'agc' | 'vaultUsdt' | 'vaultAgc'>,
  extras: DeployExtras = {},
): Promise<Deployment> {
  const deployment = await deployAll({
    rpcUrl: c.anvil.url,
    deployer: devAccount(0),
    signer,
    quoteSigner: devQuoteSigner().address,
    guardian: addressOf(GUARDIAN),
    ...extras,
    openMint: true,
  });
  await seedDevFunds({ rpcUrl: c.anvil.url, deployment, ...funds });
  return deployment;
}
