import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Address } from 'viem';
import type { Deployment } from './deploy.ts';
import type { Market } from './market.ts';

/**
 * The deployment file: where the contracts of one chain are and from which block to read their events. The
 * local chain keeps one under DATA_DIR/chain; `npm run contracts:deploy` writes one for a real network (with the
 * roles and the verification data beside the addresses), and the server reads it with DEPLOYMENT_FILE. JSON, the
 * block number as a decimal string (JSON has no bigint).
 */
export interface DeploymentFile extends Omit<Deployment, 'attestation'> {
  /** LiabilityAttestation; absent from a file written before it existed. */
  attestation?: Address;
  /** The roles as deployed (contracts:deploy): who was made owner, guardian, signers, treasury. */
  roles?: Record<string, string>;
  /** When and by which address it was deployed, the node that answered (contracts:deploy). */
  deployedAt?: string;
  deployer?: string;
  node?: string;
  /** Constructor arguments and compiler settings, as an explorer's verification asks for them. */
  verification?: unknown;
  /** The local chain's market (its Uniswap v3 pool and price feeds): development deployments only. */
  market?: Market;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Reads and checks a deployment file; throws an error naming the first bad field. */
export function readDeployment(path: string): DeploymentFile {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  if (!Number.isSafeInteger(raw.chainId) || (raw.chainId as number) <= 0)
    throw new Error(`${path}: chainId must be a positive integer`);
  for (const key of ['agc', 'usdt', 'transfer', 'vault'] as const)
    if (typeof raw[key] !== 'string' || !ADDRESS.test(raw[key] as string))
      throw new Error(`${path}: ${key} must be a 0x-prefixed 20-byte address`);
  if (
    raw.attestation !== undefined &&
    (typeof raw.attestation !== 'string' || !ADDRESS.test(raw.attestation))
  )
    throw new Error(`${path}: attestation must be a 0x-prefixed 20-byte address when given`);
  if (typeof raw.blockNumber !== 'string' || !/^\d{1,20}$/.test(raw.blockNumber))
    throw new Error(`${path}: blockNumber must be a block number as a decimal string`);
  if (raw.market !== undefined) {
    const market = raw.market as Record<string, unknown>;
    for (const key of ['factory', 'pool', 'driver', 'ethUsdFeed', 'sequencerFeed'] as const)
      if (typeof market[key] !== 'string' || !ADDRESS.test(market[key] as string))
        throw new Error(`${path}: market.${key} must be a 0x-prefixed 20-byte address`);
  }
  return { ...(raw as unknown as DeploymentFile), blockNumber: BigInt(raw.blockNumber) };
}

/** Writes a deployment file (then renames it into place, so a reader never sees half of one). */
export function writeDeployment(path: string, deployment: DeploymentFile): void {
  mkdirSync(dirname(path), { recursive: true });
  const text = JSON.stringify(deployment, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2);
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, `${text}\n`);
  renameSync(partial, path);
}
