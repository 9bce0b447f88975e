import { readFileSync } from 'node:fs';
import {
  type Abi,
  type Account,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  type Hash,
  http,
} from 'viem';
import { agcAbi, liabilityAttestationAbi, mockUsdtAbi, transferAbi, vaultAbi } from '../generated/abis.ts';
import { isDevKeyAddress } from './accounts.ts';
import { type DeployedContract, deployContracts, localChain, type TokenLimits } from './deploy.ts';
import type { DeploymentFile } from './deployment-file.ts';

/**
 * A deployment to a network that is meant to hold money (`npm run contracts:deploy`): the roles given as addresses,
 * nothing of the development mnemonic anywhere off the local chain, ownership handed to the owner, and the data an
 * explorer needs to verify the sources.
 */

export interface ReleaseOptions {
  rpcUrl: string;
  /** Sends the transactions (pays the gas); owns the contracts until the owner accepts them. */
  deployer: Account;
  /** The cold key or multisig that configures the contracts (after acceptOwnership on Vault and Transfer). */
  owner: Address;
  /** May pause and cancel, never move funds. */
  guardian: Address;
  /** The server's voucher key (SIGNER_PRIVATE_KEY) and payment-quote key (QUOTE_SIGNER_PRIVATE_KEY). */
  signer: Address;
  quoteSigner: Address;
  /** The server's proof-of-liabilities key (ATTESTER_PRIVATE_KEY): publishes roots on LiabilityAttestation. */
  attester: Address;
  /** Where payments go; default the Vault (payments fund withdrawals). */
  treasury?: Address;
  /** The network's USDT, or `mock` (a MockUSDT with an open faucet: the local chain only). */
  usdt: Address | 'mock';
  limits: { usdt: TokenLimits; agc: TokenLimits };
  changeDelay: bigint;
}

/** The node behind an RPC URL: anvil (the local development chain) or anything else. */
export async function nodeOf(rpcUrl: string): Promise<{ local: boolean; client: string; chainId: number }> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const [version, chainId] = await Promise.all([
    client.request({ method: 'web3_clientVersion' }) as Promise<string>,
    client.getChainId(),
  ]);
  return { local: /^anvil\//i.test(version), client: version, chainId };
}

/** Every role (and the deployer) that is a key of the public development mnemonic: anyone can sign with those. */
export function developmentKeys(roles: Record<string, Address>): string[] {
  return Object.entries(roles)
    .filter(([, address]) => isDevKeyAddress(address))
    .map(
      ([role, address]) => `${role} ${address} is a key of the public development mnemonic (anvil/hardhat)`,
    );
}

/** generated/verify.json (written by the compile step): the compiler and the standard JSON input. */
export interface VerifyInput {
  compilerVersion: string;
  contracts: Record<string, string>;
  standardInput: {
    language: string;
    sources: Record<string, { content: string }>;
    settings: Record<string, unknown>;
  };
}

export const verifyInput = (): VerifyInput =>
  JSON.parse(readFileSync(new URL('../generated/verify.json', import.meta.url), 'utf8')) as VerifyInput;

const ABIS: Record<DeployedContract['name'], Abi> = {
  agc: agcAbi,
  mockUsdt: mockUsdtAbi,
  vault: vaultAbi,
  transfer: transferAbi,
  liabilityAttestation: liabilityAttestationAbi,
};

/** A constructor's arguments ABI-encoded, as hex without 0x (what an explorer's form takes). */
export function encodedConstructorArgs(name: DeployedContract['name'], args: readonly unknown[]): string {
  const ctor = ABIS[name].find((item) => item.type === 'constructor');
  if (!ctor || !('inputs' in ctor) || ctor.inputs.length === 0) return '';
  return encodeAbiParameters(ctor.inputs, args as unknown[]).slice(2);
}

/** What an explorer asks for to verify each contract (Solidity, standard JSON input). */
export function verificationData(contracts: DeployedContract[]) {
  const input = verifyInput();
  const settings = input.standardInput.settings as { optimizer: unknown; evmVersion: string };
  return {
    compilerType: 'Solidity (Standard-Json-Input)',
    compilerVersion: input.compilerVersion,
    optimizer: settings.optimizer,
    evmVersion: settings.evmVersion,
    license: 'MIT',
    contracts: contracts.map((c) => ({
      name: input.contracts[c.name] ?? c.name,
      address: c.address,
      txHash: c.txHash,
      constructorArguments: encodedConstructorArgs(c.name, c.args),
      args: c.args.map((a) => (typeof a === 'bigint' ? a.toString() : a)),
    })),
  };
}

/**
 * Deploys with the given roles, then hands ownership to `owner` when it is not the deployer: AGC's at once (plain
 * Ownable), the Vault's, the Transfer's and the LiabilityAttestation's as a nomination the owner completes with
 * acceptOwnership() (Ownable2Step, so a mistyped owner cannot lose them). Returns the deployment file's content and
 * the hand-over transactions.
 */
export async function deployRelease(
  o: ReleaseOptions,
): Promise<{ file: DeploymentFile; contracts: DeployedContract[]; handover: Hash[] }> {
  const node = await nodeOf(o.rpcUrl);
  const { deployment, contracts } = await deployContracts({
    rpcUrl: o.rpcUrl,
    deployer: o.deployer,
    signer: o.signer,
    quoteSigner: o.quoteSigner,
    attester: o.attester,
    guardian: o.guardian,
    treasury: o.treasury,
    limits: o.limits,
    changeDelay: o.changeDelay,
    openMint: o.usdt === 'mock',
    ...(o.usdt !== 'mock' && { usdt: o.usdt }),
  });
  const handover: Hash[] = [];
  if (o.owner.toLowerCase() !== o.deployer.address.toLowerCase()) {
    const wallet = createWalletClient({
      account: o.deployer,
      chain: localChain(deployment.chainId, o.rpcUrl),
      transport: http(o.rpcUrl),
    });
    const publicClient = createPublicClient({ transport: http(o.rpcUrl), pollingInterval: 100 });
    for (const [address, abi] of [
      [deployment.agc, agcAbi],
      [deployment.vault, vaultAbi],
      [deployment.transfer, transferAbi],
      [deployment.attestation, liabilityAttestationAbi],
    ] as const) {
      const hash = await wallet.writeContract({
        address,
        abi: abi as typeof vaultAbi,
        functionName: 'transferOwnership',
        args: [o.owner],
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`transferOwnership on ${address} reverted (${hash})`);
      handover.push(hash);
    }
  }
  const file: DeploymentFile = {
    ...deployment,
    roles: {
      owner: o.owner,
      guardian: o.guardian,
      signer: o.signer,
      quoteSigner: o.quoteSigner,
      attester: o.attester,
      treasury: o.treasury ?? deployment.vault,
    },
    deployedAt: new Date().toISOString(),
    deployer: o.deployer.address,
    node: node.client,
    verification: verificationData(contracts),
  };
  return { file, contracts, handover };
}
