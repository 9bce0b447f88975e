import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getContractAddress,
  type Hash,
  http,
  type PublicClient,
  parseEther,
} from 'viem';
import {
  agcAbi,
  agcBytecode,
  mockUsdtAbi,
  mockUsdtBytecode,
  transferAbi,
  transferBytecode,
  vaultAbi,
  vaultBytecode,
} from '../generated/abis.ts';
import { devAccount, devGuardian, devQuoteSigner, devVoucherSigner } from './accounts.ts';

export interface Deployment {
  chainId: number;
  agc: Address;
  usdt: Address;
  transfer: Address;
  vault: Address;
  /** Earliest block holding one of the deployments: scan Paid/Claimed logs from here. */
  blockNumber: bigint;
}

/** Vault.Limits of one token, in base units. */
export interface TokenLimits {
  /** Largest amount a single voucher may pay. */
  maxPerVoucher: bigint;
  /** Most the vault pays out of the token in any 24 hours (rolling, enforced on chain). */
  dailyCap: bigint;
}

export interface DeployAllOptions {
  rpcUrl: string;
  /** Becomes owner of AGC, Transfer and Vault. */
  deployer: Account;
  /** Address whose EIP-712 withdrawal vouchers the Vault accepts. */
  signer: Address;
  /** Address whose EIP-712 payment quotes Transfer accepts. */
  quoteSigner: Address;
  /** May pause Transfer and Vault and cancel pending changes and vouchers; defaults to the deployer. */
  guardian?: Address;
  /** Seconds between proposing and executing a signer, treasury or limit increase; defaults to 2 days. */
  changeDelay?: bigint;
  /** Vault limits; defaults to DEV_VAULT_LIMITS (development values, not meant for production). */
  limits?: { usdt: TokenLimits; agc: TokenLimits };
  /** Where Transfer sends payments; defaults to the Vault so payments fund withdrawals. */
  treasury?: Address;
  /** MockUSDT faucet switch: true only for development deployments. */
  openMint: boolean;
}

export const DEFAULT_CHANGE_DELAY = 2n * 24n * 60n * 60n;

/** What the development chain puts in the vault: 1,000,000 USDT and 1,000,000 AGC. */
export const DEV_VAULT_SEED = { usdt: 1_000_000n * 10n ** 6n, agc: 1_000_000n * 10n ** 18n } as const;

/**
 * Development vault limits, below what the vault holds (DEV_VAULT_SEED) as a real deployment's must be: a leaked
 * signer key drains at most a day's cap before the guardian pauses, not the whole vault. USDT: 50,000 per voucher
 * and 200,000 a day; AGC: 100,000 and 200,000.
 */
export const DEV_VAULT_LIMITS = {
  usdt: { maxPerVoucher: 50_000n * 10n ** 6n, dailyCap: 200_000n * 10n ** 6n },
  agc: { maxPerVoucher: 100_000n * 10n ** 18n, dailyCap: 200_000n * 10n ** 18n },
} as const satisfies { usdt: TokenLimits; agc: TokenLimits };

export interface SeedDevFundsOptions {
  rpcUrl: string;
  deployment: Deployment;
  /** Each receives `usdt` and `agc` (base units). */
  accounts: Address[];
  usdt: bigint;
  agc: bigint;
  vaultUsdt: bigint;
  vaultAgc: bigint;
}

// viem polls every 4 s by default; local blocks come every second at most.
const POLLING_INTERVAL_MS = 100;

/** A viem chain for a local node (anvil) with the given id and RPC URL. */
export function localChain(id: number, rpcUrl: string): Chain {
  return defineChain({
    id,
    name: `Local ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

async function waitAll(client: PublicClient, hashes: Hash[], what: string) {
  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })));
  for (const r of receipts) {
    if (r.status !== 'success') throw new Error(`${what}: transaction ${r.transactionHash} reverted`);
  }
  return receipts;
}

/** Deploys AGC, MockUSDT, Vault and Transfer and waits until all are mined. */
export async function deployAll({
  rpcUrl,
  deployer,
  signer,
  quoteSigner,
  guardian = deployer.address,
  changeDelay = DEFAULT_CHANGE_DELAY,
  limits = DEV_VAULT_LIMITS,
  treasury,
  openMint,
}: DeployAllOptions): Promise<Deployment> {
  const publicClient = createPublicClient({ transport: http(rpcUrl), pollingInterval: POLLING_INTERVAL_MS });
  const chainId = await publicClient.getChainId();
  const wallet = createWalletClient({
    account: deployer,
    chain: localChain(chainId, rpcUrl),
    transport: http(rpcUrl),
  });

  // Addresses follow from the nonces, so the four transactions can go out without waiting for
  // each other (matters when anvil runs with a block time).
  const nonce = await publicClient.getTransactionCount({ address: deployer.address, blockTag: 'pending' });
  const addressAt = (offset: number) =>
    getContractAddress({ from: deployer.address, nonce: BigInt(nonce + offset) });
  const agc = addressAt(0);
  const usdt = addressAt(1);
  const vault = addressAt(2);
  const transfer = addressAt(3);

  const hashes = [
    await wallet.deployContract({ abi: agcAbi, bytecode: agcBytecode, nonce }),
    await wallet.deployContract({
      abi: mockUsdtAbi,
      bytecode: mockUsdtBytecode,
      args: [openMint],
      nonce: nonce + 1,
    }),
    await wallet.deployContract({
      abi: vaultAbi,
      bytecode: vaultBytecode,
      args: [signer, guardian, usdt, agc, limits.usdt, limits.agc, changeDelay],
      nonce: nonce + 2,
    }),
    await wallet.deployContract({
      abi: transferAbi,
      bytecode: transferBytecode,
      args: [usdt, agc, treasury ?? vault, quoteSigner, guardian, changeDelay],
      nonce: nonce + 3,
    }),
  ];
  const receipts = await waitAll(publicClient, hashes, 'deployAll');
  const expected = [agc, usdt, vault, transfer];
  receipts.forEach((r, i) => {
    if (r.contractAddress?.toLowerCase() !== expected[i]?.toLowerCase()) {
      throw new Error(`deployAll: contract landed at ${r.contractAddress}, expected ${expected[i]}`);
    }
  });

  let blockNumber = receipts[0]?.blockNumber ?? 0n;
  for (const r of receipts) if (r.blockNumber < blockNumber) blockNumber = r.blockNumber;
  return { chainId, agc, usdt, transfer, vault, blockNumber };
}

/**
 * The local chain's contracts as development and tests use them: dev account 0 deploys and owns, the development
 * guardian (a key of its own) guards, the development voucher and quote signers sign, USDT mints for anyone, the
 * vault's limits are DEV_VAULT_LIMITS (below DEV_VAULT_SEED); the voucher signer gets gas (it sends the vault's
 * cancel(id) when an admin revokes an approved withdrawal).
 */
export async function deployDevelopment(rpcUrl: string): Promise<Deployment> {
  const deployment = await deployAll({
    rpcUrl,
    deployer: devAccount(0),
    signer: devVoucherSigner().address,
    quoteSigner: devQuoteSigner().address,
    guardian: devGuardian().address,
    limits: DEV_VAULT_LIMITS,
    openMint: true,
  });
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
    address: devVoucherSigner().address,
    value: parseEther('10'),
  });
  return deployment;
}

/**
 * Mints test USDT and AGC to `accounts` and to the vault. Anvil only: AGC is minted as its owner
 * through anvil_impersonateAccount, and USDT needs a MockUSDT deployed with openMint.
 */
export async function seedDevFunds({
  rpcUrl,
  deployment,
  accounts,
  usdt,
  agc,
  vaultUsdt,
  vaultAgc,
}: SeedDevFundsOptions): Promise<void> {
  const publicClient = createPublicClient({ transport: http(rpcUrl), pollingInterval: POLLING_INTERVAL_MS });
  const testClient = createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
  const [owner, openMint] = await Promise.all([
    publicClient.readContract({ address: deployment.agc, abi: agcAbi, functionName: 'owner' }),
    publicClient.readContract({ address: deployment.usdt, abi: mockUsdtAbi, functionName: 'openMint' }),
  ]);
  if (!openMint && (usdt > 0n || vaultUsdt > 0n)) {
    throw new Error(
      `seedDevFunds: MockUSDT at ${deployment.usdt} was deployed with openMint = false (MintClosed)`,
    );
  }
  const wallet = createWalletClient({
    account: owner,
    chain: localChain(deployment.chainId, rpcUrl),
    transport: http(rpcUrl),
  });

  // Each recipient gets its USDT, then its AGC; amounts of 0 are skipped.
  const recipients: [Address, bigint, bigint][] = [
    ...accounts.map((a): [Address, bigint, bigint] => [a, usdt, agc]),
    [deployment.vault, vaultUsdt, vaultAgc],
  ];
  const mints = recipients
    .flatMap(([to, usdtAmount, agcAmount]) => [
      { token: deployment.usdt, abi: mockUsdtAbi, to, amount: usdtAmount },
      { token: deployment.agc, abi: agcAbi, to, amount: agcAmount },
    ])
    .filter((m) => m.amount > 0n);

  await testClient.impersonateAccount({ address: owner });
  try {
    let nonce = await publicClient.getTransactionCount({ address: owner, blockTag: 'pending' });
    const hashes: Hash[] = [];
    for (const { token, abi, to, amount } of mints) {
      hashes.push(
        await wallet.writeContract({
          address: token,
          abi,
          functionName: 'mint',
          args: [to, amount],
          nonce: nonce++,
        }),
      );
    }
    await waitAll(publicClient, hashes, 'seedDevFunds');
  } finally {
    await testClient.stopImpersonatingAccount({ address: owner });
  }
}

/** True when the chain id matches and every contract of `deployment` has code (e.g. a restored anvil state). */
export async function isDeployed(rpcUrl: string, deployment: Deployment): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: POLLING_INTERVAL_MS });
  if ((await client.getChainId()) !== deployment.chainId) return false;
  const codes = await Promise.all(
    [deployment.agc, deployment.usdt, deployment.transfer, deployment.vault].map((address) =>
      client.getCode({ address }),
    ),
  );
  return codes.every((code) => code !== undefined && code !== '0x');
}
