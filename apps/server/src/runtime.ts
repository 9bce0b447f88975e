import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEV_VAULT_SEED,
  type Deployment,
  type DeploymentFile,
  deployDevelopment,
  deployDevelopmentAttestation,
  deployMarket,
  devAccount,
  isDeployed,
  isDevKeyAddress,
  isMarketDeployed,
  liabilityAttestationAbi,
  type Market,
  readDeployment,
  seedDevFunds,
  startAnvil,
  transferAbi,
  vaultAbi,
  writeDeployment,
} from '@agc/contracts';
import { type DbHandle, migrate, openDb } from '@agc/db';
import { APPLICATION_NAME, lockPgliteDir } from '@agc/db/backup';
import { startPgCacheBus } from '@server/lib/cache-bus.ts';
import { createCaches } from '@server/lib/caches.ts';
import { TokenService } from '@server/lib/tokens.ts';
import { chainClient } from '@server/modules/chain/index.ts';
import { priceHealth, priceSourceFrom } from '@server/modules/pricing/index.ts';
import { serverClock } from '@server/modules/testing/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import { erc20Abi, formatUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from './config.ts';
import { type AppContext, type ChainContext, contractsOf } from './context.ts';
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
  let deployment: (Deployment & Pick<DeploymentFile, 'market'>) | undefined;
  if (existsSync(deploymentFile)) {
    const saved = readDeployment(deploymentFile);
    if (await isDeployed(anvil.url, saved)) {
      // A chain saved before the attestation contract existed: it is added beside the others.
      deployment = {
        ...saved,
        attestation: saved.attestation ?? (await deployDevelopmentAttestation(anvil.url)),
      };
      if (!saved.attestation) {
        writeDeployment(deploymentFile, deployment);
        log.info({ attestation: deployment.attestation }, 'attestation contract added to the local chain');
      }
    }
  }
  let market = deployment?.market;
  if (!deployment) {
    deployment = await deployDevelopment(anvil.url);
    const accounts = Array.from({ length: 10 }, (_, i) => devAccount(i).address);
    await seedDevFunds({
      rpcUrl: anvil.url,
      deployment,
      accounts,
      usdt: 100_000n * 10n ** 6n,
      agc: 100_000n * 10n ** 18n,
      vaultUsdt: DEV_VAULT_SEED.usdt,
      vaultAgc: DEV_VAULT_SEED.agc,
    });
    writeDeployment(deploymentFile, deployment);
    log.info({ deployment }, 'contracts deployed to the local chain and dev accounts funded');
  }
  // The market (a state from before it existed has none): the Uniswap v3 pool and the price feeds.
  if (!market || !(await isMarketDeployed(anvil.url, market))) {
    market = await localMarket(anvil.url, deployment, config);
    writeDeployment(deploymentFile, { ...deployment, market });
    log.info({ market }, 'Uniswap v3 AGC/USDT pool and price feeds deployed to the local chain');
  }
  const lower = (a: string) => a.toLowerCase() as `0x${string}`;
  return {
    chain: {
      id: config.chain.id,
      rpcUrl: anvil.url,
      publicRpcUrl: config.chain.publicRpcUrl ?? anvil.url,
      explorerUrl: config.chain.explorerUrl,
      startBlock: deployment.blockNumber,
      contracts: contractsOf(deployment),
      market: {
        pool: lower(market.pool),
        ethUsdFeed: lower(market.ethUsdFeed),
        sequencerFeed: lower(market.sequencerFeed),
        driver: lower(market.driver),
      },
    },
    stop: () => anvil.stop(),
  };
}

/** What the local pool holds at the start: 250,000 USDT and the AGC worth as much at AGC_PRICE_USDT (full range). */
export const LOCAL_POOL_USDT = 250_000n * 10n ** 6n;

/**
 * The local chain's market, seeded at the configured prices: the pool at AGC_PRICE_USDT with LOCAL_POOL_USDT of
 * liquidity, the ETH/USD feed at ETH_PRICE_USDT, the sequencer up. Dev account 0 (the contracts' owner) holds it.
 */
function localMarket(rpcUrl: string, deployment: Deployment, config: Config): Promise<Market> {
  return deployMarket({
    rpcUrl,
    deployer: devAccount(0),
    deployment,
    usdtPerAgc: config.price.agcUsdt,
    liquidityUsdt: LOCAL_POOL_USDT,
    // USDT has 6 decimals, Chainlink's USD feeds 8.
    ethUsd: config.price.ethUsdt * 100n,
  });
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
  const attesterKey = config.chain.attesterKey
    ? privateKeyToAccount(config.chain.attesterKey).address
    : undefined;
  const client = chainClient(chain);
  const read = (
    address: `0x${string}`,
    abi: typeof vaultAbi | typeof transferAbi | typeof liabilityAttestationAbi,
    functionName: string,
  ) => client.readContract({ address, abi, functionName } as never) as Promise<`0x${string}`>;
  const attestation = chain.contracts.attestation;
  const roles: Record<string, `0x${string}`> = {
    'vault owner': await read(chain.contracts.vault, vaultAbi, 'owner'),
    'vault guardian': await read(chain.contracts.vault, vaultAbi, 'guardian'),
    'vault signer': await read(chain.contracts.vault, vaultAbi, 'signer'),
    'payment contract owner': await read(chain.contracts.transfer, transferAbi, 'owner'),
    'payment contract guardian': await read(chain.contracts.transfer, transferAbi, 'guardian'),
    'payment contract quote signer': await read(chain.contracts.transfer, transferAbi, 'quoteSigner'),
    ...(attestation && {
      'attestation owner': await read(attestation, liabilityAttestationAbi, 'owner'),
      'attestation guardian': await read(attestation, liabilityAttestationAbi, 'guardian'),
      'attestation attester': await read(attestation, liabilityAttestationAbi, 'attester'),
    }),
  };
  const problems: string[] = [];
  const same = (a?: string, b?: string) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
  if (!same(roles['vault signer'], signer))
    problems.push(`the vault trusts ${roles['vault signer']}, SIGNER_PRIVATE_KEY is ${signer ?? 'unset'}`);
  if (!same(roles['payment contract quote signer'], quoteSigner))
    problems.push(
      `the payment contract trusts ${roles['payment contract quote signer']}, QUOTE_SIGNER_PRIVATE_KEY is ${quoteSigner ?? 'unset'}`,
    );
  if (attestation && !same(roles['attestation attester'], attesterKey))
    problems.push(
      `the attestation contract trusts ${roles['attestation attester']}, ATTESTER_PRIVATE_KEY is ${attesterKey ?? 'unset'}`,
    );
  if (config.env === 'production')
    for (const [role, address] of Object.entries(roles))
      if (isDevKeyAddress(address))
        problems.push(`the ${role} ${address} is a key of the public development mnemonic`);
  if (problems.length === 0) {
    if (config.env === 'production') for (const w of await guardWarnings(ctx)) log.warn(w);
    return;
  }
  if (config.env === 'production')
    throw new UnsafeDeploymentError(`Refusing to start:\n  ${problems.join('\n  ')}`);
  for (const p of problems) log.warn(p);
}

/**
 * What weakens the contracts' guard without being wrong enough to refuse a start: a guardian that is the owner (one
 * stolen key both configures and can no longer be stopped by another), and a vault whose daily cap of a token is not
 * below what it holds (a leaked signer key empties it within a day, before anyone pauses). Read from the chain.
 */
export async function guardWarnings(ctx: Pick<AppContext, 'chain'>): Promise<string[]> {
  const { contracts } = ctx.chain;
  const client = chainClient(ctx.chain);
  const warnings: string[] = [];
  for (const [name, address, abi] of [
    ['vault', contracts.vault, vaultAbi],
    ['payment contract', contracts.transfer, transferAbi],
    ...(contracts.attestation
      ? ([['attestation contract', contracts.attestation, liabilityAttestationAbi]] as const)
      : []),
  ] as const) {
    const [owner, guardian] = await Promise.all([
      client.readContract({ address, abi: abi as typeof vaultAbi, functionName: 'owner' }),
      client.readContract({ address, abi: abi as typeof vaultAbi, functionName: 'guardian' }),
    ]);
    if (owner.toLowerCase() === guardian.toLowerCase())
      warnings.push(
        `the ${name}'s guardian is its owner (${owner}): give the guardian a key of its own (setGuardian), so that another key can pause it`,
      );
  }
  for (const [symbol, token, decimals] of [
    ['USDT', contracts.usdt, 6],
    ['AGC', contracts.agc, 18],
  ] as const) {
    const [[, dailyCap], held] = await Promise.all([
      client.readContract({ address: contracts.vault, abi: vaultAbi, functionName: 'limits', args: [token] }),
      client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [contracts.vault],
      }),
    ]);
    if (dailyCap > 0n && dailyCap >= held)
      warnings.push(
        `the vault's ${symbol} daily cap (${formatUnits(dailyCap, decimals)}) is not below its balance (${formatUnits(held, decimals)}): a leaked signer key could empty it in a day; lower it with setLimits`,
      );
  }
  return warnings;
}

async function firstPrice(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (!ctx.prices.sample) {
    log.info({ source: ctx.prices.name }, 'prices: fixed (AGC_PRICE_USDT, ETH_PRICE_USDT), shown as such');
    return;
  }
  try {
    await ctx.prices.sample();
    const h = await priceHealth(ctx.prices, ctx.prices.name);
    const p = h.paused ? undefined : await ctx.prices.agcPrice();
    log.info(
      {
        source: h.source,
        agc_usdt: p && formatUnits(p.usdtPerAgc, 6),
        block: p?.block?.toString(),
        paused: h.paused,
        reason: h.reason,
      },
      h.paused ? 'prices: paused' : 'prices: read from the market',
    );
  } catch (e) {
    log.warn({ err: (e as Error).message }, 'prices: the market could not be read');
  }
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
  // The database (open and migrate) and the chain (a local anvil with the contracts deployed) do not depend on each
  // other: they start at once, and a failure of either closes the other.
  const opening = (async () => {
    const handle = await openDb(
      config.database.kind === 'postgres'
        ? {
            ...config.database,
            applicationName: APPLICATION_NAME,
            onIdleError: (err) => log.warn({ err: err.message }, 'idle database connection lost'),
          }
        : config.database,
    );
    try {
      await migrate(handle);
    } catch (e) {
      await handle.close();
      throw e;
    }
    log.info({ kind: handle.kind }, 'database ready');
    return handle;
  })();
  const connecting: Promise<{ chain: ChainContext; stop(): Promise<void> }> =
    config.chain.rpcUrl && config.chain.contracts
      ? Promise.resolve({
          chain: {
            id: config.chain.id,
            rpcUrl: config.chain.rpcUrl,
            publicRpcUrl: config.chain.publicRpcUrl ?? config.chain.rpcUrl,
            explorerUrl: config.chain.explorerUrl,
            contracts: config.chain.contracts,
            startBlock: config.watcher.startBlock,
            ...(config.price.pool &&
              config.price.ethUsdFeed && {
                market: {
                  pool: config.price.pool,
                  ethUsdFeed: config.price.ethUsdFeed,
                  sequencerFeed: config.price.sequencerFeed,
                },
              }),
          },
          stop: async () => {},
        })
      : localChain(config, log);
  const [opened, connected] = await Promise.allSettled([opening, connecting]);
  if (opened.status === 'rejected' || connected.status === 'rejected') {
    if (opened.status === 'fulfilled') await opened.value.close();
    if (connected.status === 'fulfilled') await connected.value.stop();
    unlock();
    throw opened.status === 'rejected' ? opened.reason : (connected as PromiseRejectedResult).reason;
  }
  const db = opened.value;
  const { chain, stop: stopChain } = connected.value;

  const secret = config.jwt.secret ?? localSecret(config.dataDir, 'jwt-secret');
  // The proof-of-liabilities salts derive from a secret kept apart from the database (production sets it).
  const proofSaltSecret = config.proofs.saltSecret ?? localSecret(config.dataDir, 'proof-salt-secret');
  // /metrics on the app's port wants a token: in development one is made under DATA_DIR (production sets
  // METRICS_TOKEN or serves the metrics on METRICS_PORT; config.ts refuses neither).
  const metrics = config.ops.metrics;
  const metricsToken =
    metrics.token ?? (config.env === 'production' ? undefined : localSecret(config.dataDir, 'metrics-token'));
  const cache = createCaches(config.memberCacheTtlMs);
  const clock = serverClock(config);
  // Several processes on one PostgreSQL: each tells the others what it changed.
  const cacheBus =
    config.database.kind === 'postgres' ? await startPgCacheBus(config.database.url, cache, log) : undefined;
  const ctx: AppContext = {
    config: {
      ...config,
      ops: { ...config.ops, metrics: { ...metrics, token: metricsToken } },
      proofs: { ...config.proofs, saltSecret: proofSaltSecret },
    },
    db: db.db,
    tokens: new TokenService(secret, config.jwt.ttlSeconds),
    chain,
    cache,
    cacheBus,
    ...clock,
    prices: priceSourceFrom(config, { db: db.db, chain, now: clock.now, log }),
  };

  if (config.chain.rpcUrl)
    await checkChainRoles(ctx, log).catch(async (e) => {
      await cacheBus?.close();
      await db.close();
      unlock();
      throw e;
    });

  // The first market reading: a market that cannot be read is logged (and /ready says so), not fatal.
  await firstPrice(ctx, log);

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
