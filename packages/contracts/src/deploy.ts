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
  liabilityAttestationAbi,
  liabilityAttestationBytecode,
  mockUsdtAbi,
  mockUsdtBytecode,
  transferAbi,
  transferBytecode,
  vaultAbi,
  vaultBytecode,
} from '../generated/abis.ts';
import { devAccount, devAttester, devGuardian, devQuoteSigner, devVoucherSigner } from './accounts.ts';

export interface Deployment {
  chainId: number;
  agc: Address;
  usdt: Address;
  transfer: Address;
  vault: Address;
  /** LiabilityAttestation: the proof-of-liabilities roots (docs/proof-of-liabilities.md). */
  attestation: Address;
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
  /** Publishes proof-of-liabilities roots on LiabilityAttestation (a key of its own); defaults to the deployer. */
  attester?: Address;
  /** May pause Transfer, Vault and LiabilityAttestation and cancel pending changes and vouchers; defaults to the deployer. */
  guardian?: Address;
  /** Seconds between proposing and executing a signer, treasury or limit increase; defaults to 2 days. */
  changeDelay?: bigint;
  /** Vault limits; defaults to DEV_VAULT_LIMITS (development values, not meant for production). */
  limits?: { usdt: TokenLimits; agc: TokenLimits };
  /** Where Transfer sends payments; defaults to the Vault so payments fund withdrawals. */
  treasury?: Address;
  /** MockUSDT faucet switch: true only for development deployments. */
  openMint: boolean;
  /** An existing USDT (a real network's): no MockUSDT is deployed, the Vault and Transfer use this one. */
  usdt?: Address;
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

/** What one deployment transaction created: the contract, its constructor arguments, the transaction. */
export interface DeployedContract {
  name: 'agc' | 'mockUsdt' | 'vault' | 'transfer' | 'liabilityAttestation';
  address: Address;
  /** The constructor's arguments as sent (their ABI encoding is what an explorer's verification asks for). */
  args: readonly unknown[];
  txHash: Hash;
}

/**
 * Deploys AGC, MockUSDT (unless `usdt` names an existing token: a real network's USDT), Vault, Transfer and
 * LiabilityAttestation and waits until all are mined; returns the deployment and each contract's constructor
 * arguments and transaction.
 */
export async function deployContracts({
  rpcUrl,
  deployer,
  signer,
  quoteSigner,
  attester = deployer.address,
  guardian = deployer.address,
  changeDelay = DEFAULT_CHANGE_DELAY,
  limits = DEV_VAULT_LIMITS,
  treasury,
  openMint,
  usdt: existingUsdt,
}: DeployAllOptions): Promise<{ deployment: Deployment; contracts: DeployedContract[] }> {
  const publicClient = createPublicClient({ transport: http(rpcUrl), pollingInterval: POLLING_INTERVAL_MS });
  const chainId = await publicClient.getChainId();
  const wallet = createWalletClient({
    account: deployer,
    chain: localChain(chainId, rpcUrl),
    transport: http(rpcUrl),
  });

  // Addresses follow from the nonces, so the transactions can go out without waiting for each other (matters
  // when anvil runs with a block time, and on a real network).
  const nonce = await publicClient.getTransactionCount({ address: deployer.address, blockTag: 'pending' });
  let next = nonce;
  const plan: Array<{ name: DeployedContract['name']; nonce: number; address: Address }> = [];
  const at = (name: DeployedContract['name']) => {
    const n = next++;
    const address = getContractAddress({ from: deployer.address, nonce: BigInt(n) });
    plan.push({ name, nonce: n, address });
    return address;
  };
  const agc = at('agc');
  const usdt = existingUsdt ?? at('mockUsdt');
  const vault = at('vault');
  const transfer = at('transfer');
  const attestation = at('liabilityAttestation');

  const args = {
    agc: [] as const,
    mockUsdt: [openMint] as const,
    vault: [signer, guardian, usdt, agc, limits.usdt, limits.agc, changeDelay] as const,
    transfer: [usdt, agc, treasury ?? vault, quoteSigner, guardian, changeDelay] as const,
    liabilityAttestation: [attester, guardian, changeDelay] as const,
  };
  const send = (name: DeployedContract['name'], n: number): Promise<Hash> => {
    switch (name) {
      case 'agc':
        return wallet.deployContract({ abi: agcAbi, bytecode: agcBytecode, nonce: n });
      case 'mockUsdt':
        return wallet.deployContract({
          abi: mockUsdtAbi,
          bytecode: mockUsdtBytecode,
          args: args.mockUsdt,
          nonce: n,
        });
      case 'vault':
        return wallet.deployContract({ abi: vaultAbi, bytecode: vaultBytecode, args: args.vault, nonce: n });
      case 'transfer':
        return wallet.deployContract({
          abi: transferAbi,
          bytecode: transferBytecode,
          args: args.transfer,
          nonce: n,
        });
      case 'liabilityAttestation':
        return wallet.deployContract({
          abi: liabilityAttestationAbi,
          bytecode: liabilityAttestationBytecode,
          args: args.liabilityAttestation,
          nonce: n,
        });
    }
  };
  const hashes: Hash[] = [];
  for (const p of plan) hashes.push(await send(p.name, p.nonce));
  const receipts = await waitAll(publicClient, hashes, 'deployAll');
  receipts.forEach((r, i) => {
    const expected = plan[i]?.address;
    if (r.contractAddress?.toLowerCase() !== expected?.toLowerCase()) {
      throw new Error(`deployAll: contract landed at ${r.contractAddress}, expected ${expected}`);
    }
  });

  let blockNumber = receipts[0]?.blockNumber ?? 0n;
  for (const r of receipts) if (r.blockNumber < blockNumber) blockNumber = r.blockNumber;
  return {
    deployment: { chainId, agc, usdt, transfer, vault, attestation, blockNumber },
    contracts: plan.map((p, i) => ({
      name: p.name,
      address: p.address,
      args: args[p.name],
      txHash: hashes[i] as Hash,
    })),
  };
}

/** Deploys AGC, MockUSDT (or uses `usdt`), Vault, Transfer and LiabilityAttestation and waits until all are mined. */
export async function deployAll(options: DeployAllOptions): Promise<Deployment> {
  return (await deployContracts(options)).deployment;
}

/**
 * The local chain's contracts as development and tests use them: dev account 0 deploys and owns, the development
 * guardian (a key of its own) guards, the development voucher and quote signers sign, the development attester
 * publishes roots, USDT mints for anyone, the vault's limits are DEV_VAULT_LIMITS (below DEV_VAULT_SEED); the voucher
 * signer and the attester get gas (the one sends the vault's cancel(id) when an admin revokes an approved withdrawal,
 * the other every publication).
 */
export async function deployDevelopment(rpcUrl: string): Promise<Deployment> {
  const deployment = await deployAll({
    rpcUrl,
    deployer: devAccount(0),
    signer: devVoucherSigner().address,
    quoteSigner: devQuoteSigner().address,
    attester: devAttester().address,
    guardian: devGuardian().address,
    limits: DEV_VAULT_LIMITS,
    openMint: true,
  });
  await fundDevKeys(rpcUrl);
  return deployment;
}

/** Gas for the development keys that send transactions (anvil funds only the first ten accounts). */
async function fundDevKeys(rpcUrl: string): Promise<void> {
  const test = createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
  for (const address of [devVoucherSigner().address, devAttester().address])
    await test.setBalance({ address, value: parseEther('10') });
}

/**
 * A LiabilityAttestation for a development deployment made before it existed (a local chain's saved state): the same
 * owner, guardian and delay as deployDevelopment's, the development attester; returns its address.
 */
export async function deployDevelopmentAttestation(rpcUrl: string): Promise<Address> {
  const publicClient = createPublicClient({ transport: http(rpcUrl), pollingInterval: POLLING_INTERVAL_MS });
  const chainId = await publicClient.getChainId();
  const wallet = createWalletClient({
    account: devAccount(0),
    chain: localChain(chainId, rpcUrl),
    transport: http(rpcUrl),
  });
  const hash = await wallet.deployContract({
    abi: liabilityAttestationAbi,
    bytecode: liabilityAttestationBytecode,
    args: [devAttester().address, devGuardian().address, DEFAULT_CHANGE_DELAY],
  });
  const [receipt] = await waitAll(publicClient, [hash], 'deployDevelopmentAttestation');
  if (!receipt?.contractAddress) throw new Error('deployDevelopmentAttestation: no contract created');
  await fundDevKeys(rpcUrl);
  return receipt.contractAddress;
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

/**
 * True when the chain id matches and every contract of `deployment` has code (e.g. a restored anvil state); a
 * deployment saved before LiabilityAttestation existed is checked without it.
 */
export async function isDeployed(
  rpcUrl: string,
  deployment: Omit<Deployment, 'attestation'> & { attestation?: Address },
): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: POLLING_INTERVAL_MS });
  if ((await client.getChainId()) !== deployment.chainId) return false;
  const { agc, usdt, transfer, vault, attestation } = deployment;
  const codes = await Promise.all(
    [agc, usdt, transfer, vault, ...(attestation ? [attestation] : [])].map((address) =>
      client.getCode({ address }),
    ),
  );
  return codes.every((code) => code !== undefined && code !== '0x');
}
