import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  http,
} from 'viem';
import { expect } from 'vitest';
import { agcAbi, mockUsdtAbi } from '../generated/abis.ts';
import { devAccount } from '../src/accounts.ts';
import { type AnvilInstance, startAnvil } from '../src/anvil.ts';
import {
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
  const publicClient = createPublicClient({ chain, transport });
  const testClient = createTestClient({ chain, mode: 'anvil', transport });
  const wallet = (i: number) => createWalletClient({ account: devAccount(i), chain, transport });

  /** Waits for the receipt and insists the transaction succeeded. */
  const confirm = async (hash: Hash | Promise<Hash>) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    expect(receipt.status).toBe('success');
    return receipt;
  };

  const now = async () => (await publicClient.getBlock()).timestamp;

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

  return { anvil, chain, publicClient, testClient, wallet, confirm, now, balances };
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

export const usdt = (n: number) => BigInt(n) * 10n ** 6n;
export const agc = (n: number) => BigInt(n) * 10n ** 18n;

export const addressOf = (i: number): Address => devAccount(i).address;

/**
 * Fresh contracts for each test: dev account 0 deploys (open mint), `signer` signs vouchers, then the
 * given accounts and the vault are funded.
 */
export async function deployFresh(
  c: Chain,
  signer: Address,
  funds: Pick<SeedDevFundsOptions, 'accounts' | 'usdt' | 'agc' | 'vaultUsdt' | 'vaultAgc'>,
): Promise<Deployment> {
  const deployment = await deployAll({
    rpcUrl: c.anvil.url,
    deployer: devAccount(0),
    signer,
    openMint: true,
  });
  await seedDevFunds({ rpcUrl: c.anvil.url, deployment, ...funds });
  return deployment;
}
