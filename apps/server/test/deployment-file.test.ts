import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnvilInstance, startAnvil, writeDeployment } from '@agc/contracts';
import { deployRelease } from '@agc/contracts/release';
import { buildApp } from '@server/app.ts';
import { loadConfig } from '@server/config.ts';
import { startRuntime } from '@server/runtime.ts';
import pino from 'pino';
import { createTestClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The server on a deployment made as for a real network (deployRelease, what `npm run contracts:deploy` runs) and
 * read from its file (DEPLOYMENT_FILE): it finds the contracts, the chain's roles match its keys (no warning), and
 * it answers ready. On the embedded database whatever the run (the runtime migrates the database it is given).
 */
const dir = mkdtempSync(join(tmpdir(), 'agc-deployment-file-'));
let anvil: AnvilInstance;
const signerKey = generatePrivateKey();
const quoteKey = generatePrivateKey();
const attesterKey = generatePrivateKey();
const file = join(dir, 'deployment.json');

beforeAll(async () => {
  anvil = await startAnvil();
  const deployer = privateKeyToAccount(generatePrivateKey());
  await createTestClient({ mode: 'anvil', transport: http(anvil.url) }).setBalance({
    address: deployer.address,
    value: parseEther('10'),
  });
  const { file: content } = await deployRelease({
    rpcUrl: anvil.url,
    deployer,
    owner: privateKeyToAccount(generatePrivateKey()).address,
    guardian: privateKeyToAccount(generatePrivateKey()).address,
    signer: privateKeyToAccount(signerKey).address,
    quoteSigner: privateKeyToAccount(quoteKey).address,
    attester: privateKeyToAccount(attesterKey).address,
    usdt: 'mock',
    limits: {
      usdt: { maxPerVoucher: 10n ** 9n, dailyCap: 10n ** 10n },
      agc: { maxPerVoucher: 10n ** 21n, dailyCap: 10n ** 22n },
    },
    changeDelay: 3600n,
  });
  writeDeployment(file, content);
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('DEPLOYMENT_FILE', () => {
  it('gives the server the contracts, whose roles match its keys, and it is ready', async () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: join(dir, 'data'),
      CHAIN_RPC_URL: anvil.url,
      DEPLOYMENT_FILE: file,
      SIGNER_PRIVATE_KEY: signerKey,
      QUOTE_SIGNER_PRIVATE_KEY: quoteKey,
      ATTESTER_PRIVATE_KEY: attesterKey,
      CHAIN_FINALITY: 'confirmations',
      READY_MAX_BLOCK_AGE_SECONDS: '3600',
      PRICE_SOURCE: 'fixed',
    });
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (l: string) => lines.push(l) });
    const runtime = await startRuntime(config, log);
    try {
      const { readDeployment } = await import('@agc/contracts');
      const d = readDeployment(file);
      expect(runtime.ctx.chain.contracts).toEqual({
        agc: d.agc.toLowerCase(),
        usdt: d.usdt.toLowerCase(),
        transfer: d.transfer.toLowerCase(),
        vault: d.vault.toLowerCase(),
        attestation: d.attestation?.toLowerCase(),
      });
      expect(runtime.ctx.chain.startBlock).toBe(d.blockNumber);
      // checkChainRoles compared the vault's signer, the payment contract's quote signer and the attestation
      // contract's attester with the keys.
      expect(lines.join('')).not.toMatch(/trusts/);
      const app = await buildApp(runtime.ctx);
      try {
        const ready = await app.inject({ method: 'GET', url: '/ready' });
        expect(ready.statusCode, ready.body).toBe(200);
        const cfg = (await app.inject({ method: 'GET', url: '/api/v1/config' })).json();
        expect(cfg.data.contracts.bank).toBe(d.vault.toLowerCase());
      } finally {
        await app.close();
      }
    } finally {
      await runtime.close();
    }
  }, 120_000);

  it('warns when the chain trusts another signer or attester than the key given', async () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: join(dir, 'data'),
      CHAIN_RPC_URL: anvil.url,
      DEPLOYMENT_FILE: file,
      SIGNER_PRIVATE_KEY: generatePrivateKey(),
      QUOTE_SIGNER_PRIVATE_KEY: quoteKey,
      ATTESTER_PRIVATE_KEY: generatePrivateKey(),
      PRICE_SOURCE: 'fixed',
    });
    const lines: string[] = [];
    const runtime = await startRuntime(
      config,
      pino({ level: 'warn' }, { write: (l: string) => lines.push(l) }),
    );
    await runtime.close();
    expect(lines.join('')).toMatch(/the vault trusts 0x[0-9a-fA-F]{40}, SIGNER_PRIVATE_KEY is 0x/);
    expect(lines.join('')).toMatch(
      /the attestation contract trusts 0x[0-9a-fA-F]{40}, ATTESTER_PRIVATE_KEY is 0x/,
    );
  }, 120_000);
});
