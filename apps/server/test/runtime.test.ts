import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Deployment, deployAll, devAccount, freePort, seedDevFunds, startAnvil } from '@agc/contracts';
import { schema } from '@agc/db';
import { migratedPgliteFolder } from '@agc/db/testing';
import { type Config, loadConfig } from '@server/config.ts';
import { startRuntime } from '@server/runtime.ts';
import { count } from 'drizzle-orm';
import pino from 'pino';
import { createTestClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const log = pino({ level: 'silent' });
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
let migrated: string;
beforeAll(async () => {
  migrated = await migratedPgliteFolder();
});
/**
 * A data folder of its own. Its embedded database is a copy of a migrated one (PGlite's initdb and the migrations were
 * most of each start's time), except for `empty`: the first test starts from nothing, as `npm start` does the first
 * time.
 */
const tempDir = (database: 'migrated' | 'empty' = 'migrated') => {
  const d = mkdtempSync(join(tmpdir(), 'agc-runtime-'));
  dirs.push(d);
  if (database === 'migrated') cpSync(migrated, join(d, 'pglite'), { recursive: true });
  return d;
};

describe('runtime', () => {
  it('starts anvil with the contracts and demo data, and reuses both after a restart', async () => {
    const dataDir = tempDir('empty');
    const env = { DATA_DIR: dataDir, ANVIL_PORT: String(await freePort()), LOG_LEVEL: 'silent' };
    const first = await startRuntime(loadConfig(env), log);
    const contracts = first.ctx.chain.contracts;
    const [members] = await first.ctx.db.select({ n: count() }).from(schema.users);
    expect(Number(members?.n)).toBe(5);
    const chainId = await fetch(first.ctx.chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    }).then((r) => r.json() as Promise<{ result: string }>);
    expect(chainId.result).toBe('0xa4b1');
    await first.close();

    const second = await startRuntime(loadConfig(env), log);
    try {
      expect(second.ctx.chain.contracts).toEqual(contracts);
      const [again] = await second.ctx.db.select({ n: count() }).from(schema.users);
      expect(Number(again?.n)).toBe(5);
    } finally {
      await second.close();
    }

    // A local chain saved before the attestation contract existed: it is deployed beside the others, once.
    const file = join(dataDir, 'chain', 'deployment.json');
    const { attestation: _old, ...before } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(before));
    const third = await startRuntime(loadConfig(env), log);
    try {
      const { attestation, ...rest } = third.ctx.chain.contracts;
      const { attestation: previous, ...others } = contracts;
      expect(rest).toEqual(others);
      expect(attestation).toMatch(/^0x[0-9a-f]{40}$/);
      expect(attestation).not.toBe(previous);
      expect(JSON.parse(readFileSync(file, 'utf8')).attestation.toLowerCase()).toBe(attestation);
    } finally {
      await third.close();
    }
  });

  const SIGNER_KEY = `0x${'ab'.repeat(32)}` as const;
  const QUOTE_KEY = `0x${'cd'.repeat(32)}` as const;
  /** The contracts on a network, owned by dev account 0, trusting `signer` for vouchers. */
  const deployOn = (network: { url: string }, signer = privateKeyToAccount(SIGNER_KEY).address) =>
    deployAll({
      rpcUrl: network.url,
      deployer: devAccount(0),
      signer,
      quoteSigner: privateKeyToAccount(QUOTE_KEY).address,
      openMint: false,
    });
  /** Why the runtime refuses to start with a configuration, or null when it starts (it is closed again). */
  const startError = (config: Config) =>
    startRuntime(config, log).then(
      (r) => r.close().then(() => null),
      (e: Error) => e,
    );
  const networkConfig = (network: { url: string }, d: Deployment, unusedPort: number) =>
    loadConfig({
      DATA_DIR: tempDir(),
      ANVIL_PORT: String(unusedPort),
      CHAIN_RPC_URL: network.url,
      AGC_ADDRESS: d.agc,
      USDT_ADDRESS: d.usdt,
      TRANSFER_ADDRESS: d.transfer,
      VAULT_ADDRESS: d.vault,
      SIGNER_PRIVATE_KEY: SIGNER_KEY,
      QUOTE_SIGNER_PRIVATE_KEY: QUOTE_KEY,
      TRANSFER_START_BLOCK: d.blockNumber.toString(),
      PRICE_SOURCE: 'fixed',
    });

  it('uses a configured network and its contracts without starting anvil', async () => {
    const network = await startAnvil();
    try {
      const d = await deployOn(network);
      const unusedPort = await freePort();
      const runtime = await startRuntime(networkConfig(network, d, unusedPort), log);
      try {
        expect(runtime.ctx.chain.rpcUrl).toBe(network.url);
        expect(runtime.ctx.chain.contracts.vault).toBe(d.vault.toLowerCase());
        expect(runtime.ctx.chain.startBlock).toBe(d.blockNumber);
        // No anvil of ours on the configured port, and no demo data on a real network.
        await expect(fetch(`http://127.0.0.1:${unusedPort}`, { method: 'POST' })).rejects.toThrow();
        const [members] = await runtime.ctx.db.select({ n: count() }).from(schema.users);
        expect(Number(members?.n)).toBe(0);
      } finally {
        await runtime.close();
      }
    } finally {
      await network.stop();
    }
  });

  it('refuses to start in production when a contract role is a development key or trusts another signer', async () => {
    const network = await startAnvil();
    try {
      // Owned and guarded by dev account 0 (anyone knows its key), signers as configured.
      const devOwned = await deployOn(network);
      const production = {
        ...networkConfig(network, devOwned, await freePort()),
        env: 'production' as const,
      };
      const refused = await startError(production);
      expect(refused?.name).toBe('UnsafeDeploymentError');
      expect(refused?.message).toContain(`vault owner ${devAccount(0).address}`);
      expect(refused?.message).toContain('is a key of the public development mnemonic');
      // The same deployment outside production starts (local and test networks use these keys).
      const dev = await startRuntime(networkConfig(network, devOwned, await freePort()), log);
      await dev.close();

      // A vault that trusts another signer than SIGNER_PRIVATE_KEY: every voucher would fail.
      const otherSigner = await deployOn(network, devAccount(10).address);
      const mismatch = await startError({
        ...networkConfig(network, otherSigner, await freePort()),
        env: 'production' as const,
      });
      expect(mismatch?.message).toContain(`the vault trusts ${devAccount(10).address}`);
    } finally {
      await network.stop();
    }
    // Two deployments and three start-ups: 75 s on a loaded 2-core machine.
  }, 180_000);

  it('warns at a production start when the guardian is the owner or a daily cap is not below the vault', async () => {
    const network = await startAnvil();
    try {
      // Keys nobody else knows (a production start refuses the development mnemonic's).
      const owner = privateKeyToAccount(generatePrivateKey());
      const guardian = privateKeyToAccount(generatePrivateKey()).address;
      await createTestClient({ mode: 'anvil', transport: http(network.url) }).setBalance({
        address: owner.address,
        value: parseEther('10'),
      });
      const deploy = async (options: Partial<Parameters<typeof deployAll>[0]>) => {
        const d = await deployAll({
          rpcUrl: network.url,
          deployer: owner,
          signer: privateKeyToAccount(SIGNER_KEY).address,
          quoteSigner: privateKeyToAccount(QUOTE_KEY).address,
          openMint: true,
          ...options,
        });
        // 1,000 USDT and 1,000 AGC in the vault
        await seedDevFunds({
          rpcUrl: network.url,
          deployment: d,
          accounts: [],
          usdt: 0n,
          agc: 0n,
          vaultUsdt: 1_000n * 10n ** 6n,
          vaultAgc: 1_000n * 10n ** 18n,
        });
        return d;
      };
      const startLogged = async (d: Deployment) => {
        const lines: string[] = [];
        const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
        const runtime = await startRuntime(
          { ...networkConfig(network, d, await freePort()), env: 'production' },
          logger,
        );
        await runtime.close();
        return lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
      };

      // The guardian left as the deployer (the owner), caps above what the vault holds.
      const weak = await deploy({
        limits: {
          usdt: { maxPerVoucher: 1_000n * 10n ** 6n, dailyCap: 1_000n * 10n ** 6n },
          agc: { maxPerVoucher: 1_000n * 10n ** 18n, dailyCap: 5_000n * 10n ** 18n },
        },
      });
      const warned = await startLogged(weak);
      expect(warned).toEqual([
        `the vault's guardian is its owner (${owner.address}): give the guardian a key of its own (setGuardian), so that another key can pause it`,
        `the payment contract's guardian is its owner (${owner.address}): give the guardian a key of its own (setGuardian), so that another key can pause it`,
        "the vault's USDT daily cap (1000) is not below its balance (1000): a leaked signer key could empty it in a day; lower it with setLimits",
        "the vault's AGC daily cap (5000) is not below its balance (1000): a leaked signer key could empty it in a day; lower it with setLimits",
      ]);

      // A guardian of its own and caps below the balances: nothing to say.
      const sound = await deploy({
        guardian,
        limits: {
          usdt: { maxPerVoucher: 100n * 10n ** 6n, dailyCap: 999n * 10n ** 6n },
          agc: { maxPerVoucher: 100n * 10n ** 18n, dailyCap: 200n * 10n ** 18n },
        },
      });
      expect(await startLogged(sound)).toEqual([]);
      // Outside production the start says nothing of it (development runs its own chain).
      const lines: string[] = [];
      const dev = await startRuntime(
        networkConfig(network, weak, await freePort()),
        pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }),
      );
      await dev.close();
      expect(lines).toEqual([]);
    } finally {
      await network.stop();
    }
  }, 180_000);
});
