import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Deployment,
  deployDevelopment,
  devAccount,
  isDeployed,
  isDevKeyAddress,
  readDeployment,
  seedDevFunds,
  startAnvil,
  transferAbi,
  vaultAbi,
  writeDeployment,
} from '@agc/contracts';
import { type DbHandle, migrate, openDb } from '@agc/db';
import { APPLICATION_NAME, lockPgliteDir } from '@agc/db/backup';
import type { FastifyBaseLogger } from 'fastify';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from './config.ts';
import type { AppContext, ChainContext } from './context.ts';
import { startPgCacheBus } from './lib/cache-bus.ts';
import { createCaches } from './lib/caches.ts';
import { TokenService } from './lib/tokens.ts';
import { chainClient } from './modules/chain/index.ts';
import { priceSourceFrom } from './modules/pricing/index.ts';
import { serverClock } from './modules/testing/index.ts';
import { seedDemo } from './seed.ts';

export interface Runtime {
  ctx: AppContext;
  db: DbHandle;
  close(): Promise<void>;
}

/** A secret kept under DATA_DIR (created once, owner-only): development convenience, never for production. */
function localSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function localChain(
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ chain: ChainContext; stop(): Promise<void> }> {
  const dir = join(config.dataDir, 'chain');
  mkdirSync(dir, { recursive: true });
  const anvil = await startAnvil({
    port: config.chain.anvilPort,
    chainId: config.chain.id,
    statePath: join(dir, 'anvil-state.json'),
  });
  const deploymentFile = join(dir, 'deployment.json');
  let deployment: Deployment | undefined;
  if (existsSync(deploymentFile)) {
    const saved = readDeployment(deploymentFile);
    if (await isDeployed(anvil.url, saved)) deployment = saved;
  }
  if (!deployment) {
    deployment = await deployDevelopment(anvil.url);
    const accounts = Array.from({ length: 10 }, (_, i) => devAccount(i).address);
    await seedDevFunds({
      rpcUrl: anvil.url,
      deployment,
      accounts,
      usdt: 100_000n * 10n ** 6n,
      agc: 100_000n * 10n ** 18n,
      vaultUsdt: 1_000_000n * 10n ** 6n,
      vaultAgc: 1_000_000n * 10n ** 18n,
    });
    writeDeployment(deploymentFile, deployment);
    log.info({ deployment }, 'contracts deployed to the local chain and dev accounts funded');
  }
  const contracts = {
    agc: deployment.agc,
    usdt: deployment.usdt,
    transfer: deployment.transfer,
    vault: deployment.vault,
  };
  const lower = (a: string) => a.toLowerCase() as `0x${string}`;
  return {
    chain: {
      id: config.chain.id,
      rpcUrl: anvil.url,
      publicRpcUrl: config.chain.publicRpcUrl ?? anvil.url,
      explorerUrl: config.chain.explorerUrl,
      startBlock: deployment.blockNumber,
      contracts: {
        agc: lower(contracts.agc),
        usdt: lower(contracts.usdt),
        transfer: lower(contracts.transfer),
        vault: lower(contracts.vault),
      },
    },
    stop: () => anvil.stop(),
  };
}

export class UnsafeDeploymentError extends Error {
  override name = 'UnsafeDeploymentError';
}

/**
 * On a real network, the contracts' roles as the chain has them: the configured keys must be the ones the
 * contracts trust (else every voucher or payment would fail), and in production no role may be held by a
 * key of the public development mnemonic (anyone could use it). Refuses to start otherwise.
 */
async function checkChainRoles(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { config, chain } = ctx;
  const signer = config.chain.signerKey ? privateKeyToAccount(config.chain.signerKey).address : undefined;
  const quoteSigner = config.chain.quoteSignerKey
    ? privateKeyToAccount(config.chain.quoteSignerKey).address
    : undefined;
  const client = chainClient(chain);
  const read = (address: `0x${string}`, abi: typeof vaultAbi | typeof transferAbi, functionName: string) =>
    client.readContract({ address, abi, functionName } as never) as Promise<`0x${string}`>;
  const roles = {
    'vault owner': await read(chain.contracts.vault, vaultAbi, 'owner'),
    'vault guardian': await read(chain.contracts.vault, vaultAbi, 'guardian'),
    'vault signer': await read(chain.contracts.vault, vaultAbi, 'signer'),
    'payment contract owner': await read(chain.contracts.transfer, transferAbi, 'owner'),
    'payment contract guardian': await read(chain.contracts.transfer, transferAbi, 'guardian'),
    'payment contract quote signer': await read(chain.contracts.transfer, transferAbi, 'quoteSigner'),
  };
  const problems: string[] = [];
  const same = (a?: string, b?: string) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
  if (!same(roles['vault signer'], signer))
    problems.push(`the vault trusts ${roles['vault signer']}, SIGNER_PRIVATE_KEY is ${signer ?? 'unset'}`);
  if (!same(roles['payment contract quote signer'], quoteSigner))
    problems.push(
      `the payment contract trusts ${roles['payment contract quote signer']}, QUOTE_SIGNER_PRIVATE_KEY is ${quoteSigner ?? 'unset'}`,
    );
  if (config.env === 'production')
    for (const [role, address] of Object.entries(roles))
      if (isDevKeyAddress(address))
        problems.push(`the ${role} ${address} is a key of the public development mnemonic`);
  if (problems.length === 0) return;
  if (config.env === 'production')
    throw new UnsafeDeploymentError(`Refusing to start:\n  ${problems.join('\n  ')}`);
  for (const p of problems) log.warn(p);
}

/**
 * Starts everything the app needs: the database (PGlite under DATA_DIR, or PostgreSQL), its
 * migrations, the chain (a real network from configuration, or a local anvil with the contracts
 * deployed), and the demo data on an empty development database.
 */
export async function startRuntime(config: Config, log: FastifyBaseLogger): Promise<Runtime> {
  // PGlite's folder is one process's: a second server (or a backup, a restore) on it is refused.
  const unlock =
    config.database.kind === 'pglite' ? lockPgliteDir(config.database.dataDir, 'the server') : () => {};
  const db = await openDb(
    config.database.kind === 'postgres'
      ? {
          ...config.database,
          applicationName: APPLICATION_NAME,
          onIdleError: (err) => log.warn({ err: err.message }, 'idle database connection lost'),
        }
      : config.database,
  ).catch((e) => {
    unlock();
    throw e;
  });
  await migrate(db);
  log.info({ kind: db.kind }, 'database ready');

  let chain: ChainContext;
  let stopChain = async () => {};
  if (config.chain.rpcUrl && config.chain.contracts) {
    chain = {
      id: config.chain.id,
      rpcUrl: config.chain.rpcUrl,
      publicRpcUrl: config.chain.publicRpcUrl ?? config.chain.rpcUrl,
      explorerUrl: config.chain.explorerUrl,
      contracts: config.chain.contracts,
      startBlock: config.watcher.startBlock,
    };
  } else {
    const local = await localChain(config, log);
    chain = local.chain;
    stopChain = local.stop;
  }

  const secret = config.jwt.secret ?? localSecret(config.dataDir, 'jwt-secret');
  // /metrics on the app's port wants a token: in development one is made under DATA_DIR (production sets
  // METRICS_TOKEN or serves the metrics on METRICS_PORT; config.ts refuses neither).
  const metrics = config.ops.metrics;
  const metricsToken =
    metrics.token ?? (config.env === 'production' ? undefined : localSecret(config.dataDir, 'metrics-token'));
  const cache = createCaches(config.memberCacheTtlMs);
  // Several processes on one PostgreSQL: each tells the others what it changed.
  const cacheBus =
    config.database.kind === 'postgres' ? await startPgCacheBus(config.database.url, cache, log) : undefined;
  const ctx: AppContext = {
    config: { ...config, ops: { ...config.ops, metrics: { ...metrics, token: metricsToken } } },
    db: db.db,
    tokens: new TokenService(secret, config.jwt.ttlSeconds),
    chain,
    cache,
    cacheBus,
    prices: priceSourceFrom(config),
    ...serverClock(config),
  };

  if (config.chain.rpcUrl)
    await checkChainRoles(ctx, log).catch(async (e) => {
      await cacheBus?.close();
      await db.close();
      unlock();
      throw e;
    });

  if (config.seedDemo && !config.chain.rpcUrl) {
    const seeded = await seedDemo(ctx);
    if (seeded) log.info({ root: seeded.root, inviteCode: seeded.inviteCode }, 'demo data seeded');
  }

  return {
    ctx,
    db,
    close: async () => {
      await cacheBus?.close();
      await db.close();
      unlock();
      await stopChain();
    },
  };
}
