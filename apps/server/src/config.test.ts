import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productionEnv } from './config.testing.ts';
import { ConfigError, loadConfig } from './config.ts';

const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicOrigin).toBe('http://localhost:3000');
    expect(c.siweDomain).toBe('localhost:3000');
    expect(c.database.kind).toBe('pglite');
    expect(c.chain.id).toBe(42161);
    expect(c.chain.rpcUrl).toBeUndefined();
    expect(c.rates).toEqual({ referralMax: '10', pairingMax: '10', staticMax: '1', easyEarnApyMax: '18' });
  });

  it('switches to PostgreSQL and to a real network', () => {
    const a = '0x00000000000000000000000000000000000000aA';
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/app',
      CHAIN_RPC_URL: 'https://arb1.example/rpc',
      AGC_ADDRESS: a,
      USDT_ADDRESS: a,
      TRANSFER_ADDRESS: a,
      VAULT_ADDRESS: a,
      SIGNER_PRIVATE_KEY: `0x${'1'.repeat(64)}`,
      QUOTE_SIGNER_PRIVATE_KEY: `0x${'2'.repeat(64)}`,
      TRANSFER_START_BLOCK: '123456789',
      ADMIN_ADDRESSES: `${a}, ${a.toLowerCase()}`,
      PRICE_SOURCE: 'fixed',
    });
    expect(c.watcher.startBlock).toBe(123_456_789n);
    expect(c.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@db:5432/app' });
    expect(c.chain.rpcUrl).toBe('https://arb1.example/rpc');
    expect(c.chain.contracts?.agc).toBe(a.toLowerCase());
    expect(c.adminAddresses).toEqual([a.toLowerCase(), a.toLowerCase()]);
  });

  it('turns the business rules into exact integers (ppm, minor units)', () => {
    const c = loadConfig({
      LEVEL_STATIC_PERCENT: '0.1,0.25,0.5,0.75,1',
      VC_RATE_PERCENT: '12.5',
      AGC_PRICE_USDT: '0.123456',
    });
    expect(c.rules.levels[1]).toEqual({
      level: 2,
      threshold: 1_000_000_000n,
      staticPpm: 2_500n,
      pairingPpm: 40_000n,
      dayTop: 500_000_000n,
    });
    expect([c.rules.referralPpm, c.rules.vcPpm, c.rules.earningsCap]).toEqual([100_000n, 125_000n, 3n]);
    expect(c.price.agcUsdt).toBe(123_456n);
    expect(c.shop).toEqual({
      feePpm: 50_000n,
      quoteTtlMs: 30 * 60_000,
      expiryGraceMs: 120_000,
      reportTtlMs: 120 * 60_000,
    });
  });

  it('refuses level lists of the wrong length or going down, and a zero AGC price', () => {
    const msg = fails({
      LEVEL_THRESHOLDS_USDT: '100,1000',
      LEVEL_PAIRING_PERCENT: '2,4,6,5,10',
      AGC_PRICE_USDT: '0',
    });
    expect(msg).toMatch(/LEVEL_THRESHOLDS_USDT: must list exactly 5 values/);
    expect(msg).toMatch(/LEVEL_PAIRING_PERCENT: must not decrease/);
    expect(msg).toMatch(/AGC_PRICE_USDT: must be above 0/);
  });

  it('names every wrong value on its own line, hiding secrets', () => {
    const msg = fails({
      PORT: 'abc',
      CHAIN_ID: '-1',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
      ADMIN_ADDRESSES: '0x12',
    });
    expect(msg).toMatch(/^Invalid configuration:/);
    expect(msg).toMatch(/PORT: .*\(got "abc"\)/);
    expect(msg).toMatch(/CHAIN_ID: .*\(got "-1"\)/);
    expect(msg).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL \(got "mysql:\/\/x"\)/);
    expect(msg).toMatch(/JWT_SECRET: must be at least 32 characters \(got \(hidden\)\)/);
    expect(msg).toMatch(/ADMIN_ADDRESSES: must be a 0x-prefixed 20-byte hex address/);
    expect(msg).not.toContain('short');
  });

  it('requires the contract addresses, signer and first block with a real network, and secrets in production', () => {
    const msg = fails({ CHAIN_RPC_URL: 'https://arb1.example/rpc' });
    for (const key of [
      'AGC_ADDRESS',
      'USDT_ADDRESS',
      'TRANSFER_ADDRESS',
      'VAULT_ADDRESS',
      'SIGNER_PRIVATE_KEY',
      'QUOTE_SIGNER_PRIVATE_KEY',
      'TRANSFER_START_BLOCK',
    ]) {
      expect(msg).toContain(`${key}: is required when CHAIN_RPC_URL is set (got unset)`);
    }
    // An empty value is unset too.
    expect(fails({ CHAIN_RPC_URL: 'https://arb1.example/rpc', TRANSFER_START_BLOCK: '' })).toContain(
      'TRANSFER_START_BLOCK: is required when CHAIN_RPC_URL is set (got "")',
    );
    const prod = fails({ NODE_ENV: 'production' });
    expect(prod).toContain('JWT_SECRET: is required in production');
    expect(prod).toContain('CHAIN_RPC_URL: is required in production');
  });
});

describe('production: every secret explicit, none weak or public', () => {
  const real = productionEnv;

  it('starts with every secret given and strong', () => {
    expect(loadConfig(real).env).toBe('production');
    expect(loadConfig(real).watcher.finality).toBe('finalized');
  });

  it('requires the database, the session secret, both signing keys and the proof-of-liabilities settings', () => {
    const msg = fails({ NODE_ENV: 'production' });
    for (const key of [
      'JWT_SECRET',
      'DATABASE_URL',
      'CHAIN_RPC_URL',
      'QUOTE_SIGNER_PRIVATE_KEY',
      'ATTESTATION_ADDRESS',
      'ATTESTER_PRIVATE_KEY',
      'PROOF_SALT_SECRET',
    ])
      expect(msg).toContain(`${key}: is required in production`);
  });

  it('refuses a weak proof salt secret, and an attestation contract without its key (or the other way)', () => {
    expect(fails({ ...real, PROOF_SALT_SECRET: 'abababababababababababababababababababab' })).toMatch(
      /PROOF_SALT_SECRET: has too little entropy/,
    );
    expect(fails({ ...real, PROOF_SALT_SECRET: 'short' })).toContain(
      'PROOF_SALT_SECRET: must be at least 32 characters (got (hidden))',
    );
    const devnet: Record<string, string> = { ...real, NODE_ENV: 'development' };
    const { ATTESTER_PRIVATE_KEY: _key, ...noKey } = devnet;
    expect(fails(noKey)).toContain('ATTESTER_PRIVATE_KEY: is required when ATTESTATION_ADDRESS is set');
    const { ATTESTATION_ADDRESS: _address, ...noAddress } = devnet;
    expect(fails(noAddress)).toContain('ATTESTATION_ADDRESS: is required when ATTESTER_PRIVATE_KEY is set');
    // Outside production a network may go without: proofs are then built and not published.
    const { ATTESTER_PRIVATE_KEY: _k, ATTESTATION_ADDRESS: _a, ...neither } = devnet;
    expect(loadConfig(neither).chain.contracts?.attestation).toBeUndefined();
    expect(loadConfig(real).chain.contracts?.attestation).toBe(real.ATTESTATION_ADDRESS?.toLowerCase());
  });

  it('refuses a session secret that is short, a placeholder or low in entropy', () => {
    expect(fails({ ...real, JWT_SECRET: 'x'.repeat(20) })).toContain(
      'JWT_SECRET: must be at least 32 characters',
    );
    expect(fails({ ...real, JWT_SECRET: 'changeme-changeme-changeme-changeme' })).toMatch(
      /JWT_SECRET: looks like a placeholder/,
    );
    expect(fails({ ...real, JWT_SECRET: 'abababababababababababababababababababab' })).toMatch(
      /JWT_SECRET: has too little entropy/,
    );
    // None of it is printed.
    expect(fails({ ...real, JWT_SECRET: 'abababababababababababababababababababab' })).not.toContain('abab');
  });

  it('refuses a signing key of the public development mnemonic (anvil, hardhat)', () => {
    // Account 0 and account 10 of "test test … junk": every local chain's keys.
    const anvil0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    const msg = fails({
      ...real,
      SIGNER_PRIVATE_KEY: anvil0,
      QUOTE_SIGNER_PRIVATE_KEY: anvil0,
      ATTESTER_PRIVATE_KEY: anvil0,
    });
    expect(msg).toMatch(/SIGNER_PRIVATE_KEY: is a key of the public development mnemonic/);
    expect(msg).toMatch(/QUOTE_SIGNER_PRIVATE_KEY: is a key of the public development mnemonic/);
    expect(msg).toMatch(/ATTESTER_PRIVATE_KEY: is a key of the public development mnemonic/);
    expect(msg).not.toContain(anvil0.slice(2, 12));
    // Outside production the same keys are fine (local chains use them).
    expect(() => loadConfig({ ...real, NODE_ENV: 'development', SIGNER_PRIVATE_KEY: anvil0 })).not.toThrow();
  });

  it('takes block 0 as the block it is, not as unset; refuses it in production, and any other spelling', () => {
    const devnet = { ...real, NODE_ENV: 'development', TRANSFER_START_BLOCK: '0' };
    const config = loadConfig(devnet);
    expect(config.watcher.startBlock).toBe(0n);
    expect(fails({ ...real, TRANSFER_START_BLOCK: '0' })).toContain(
      "TRANSFER_START_BLOCK: is 0 (the chain's first block): give the payment contract's deployment block",
    );
    expect(fails({ ...real, TRANSFER_START_BLOCK: '0' })).not.toContain('is required');
    for (const bad of ['0x10', '1e3', ' 5', '007', '-1', '1.5'])
      expect(fails({ ...real, TRANSFER_START_BLOCK: bad }), bad).toContain(
        'TRANSFER_START_BLOCK: must be a block number',
      );
  });

  it('refuses a session secret made of sequences, whatever its Shannon entropy', () => {
    const alphabetTwice = 'abcdefghijklmnopqrstuvwxyz012345abcdefghijklmnopqrstuvwxyz012345';
    expect(fails({ ...real, JWT_SECRET: alphabetTwice })).toMatch(/JWT_SECRET: has too little entropy/);
  });

  it('keeps the metrics closed: a strong METRICS_TOKEN, or METRICS_PORT for an internal listener', () => {
    const { METRICS_TOKEN: _, ...noToken } = real;
    expect(fails(noToken)).toContain(
      'METRICS_TOKEN: is required in production unless METRICS_PORT serves the metrics on an internal address',
    );
    const apart = loadConfig({ ...noToken, METRICS_PORT: '9464' });
    expect(apart.ops.metrics).toMatchObject({ port: 9464, host: '127.0.0.1', token: undefined });
    const weak = fails({ ...real, METRICS_TOKEN: 'metricsmetricsmetricsmetricsmetrics' });
    expect(weak).toMatch(/METRICS_TOKEN: has too little entropy|METRICS_TOKEN: looks like a placeholder/);
    expect(weak).not.toContain('metricsmetrics');
    expect(fails({ METRICS_TOKEN: 'short' })).toContain(
      'METRICS_TOKEN: must be at least 32 characters (got (hidden))',
    );
  });

  it('checks the chain head age by default on a real network only', () => {
    expect(loadConfig(real).ops.readyMaxBlockAgeMs).toBe(300_000);
    expect(loadConfig({}).ops.readyMaxBlockAgeMs).toBe(0);
    expect(loadConfig({ READY_MAX_BLOCK_AGE_SECONDS: '60' }).ops.readyMaxBlockAgeMs).toBe(60_000);
    expect(loadConfig({}).ops).toMatchObject({ shutdownTimeoutMs: 25_000 });
    expect(loadConfig({}).ops.metrics).toMatchObject({ cacheMs: 10_000, solvencyCacheMs: 60_000 });
  });

  it('refuses TEST_CLOCK and TRUST_PROXY=true', () => {
    expect(fails({ ...real, TEST_CLOCK: 'now' })).toContain('TEST_CLOCK: must not be set in production');
    expect(fails({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: must be false, a hop count/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('refuses a withdrawal minimum whose fee rounds down to nothing', () => {
    expect(fails({ WITHDRAW_MIN_USDT: '0.00001', WITHDRAW_FEE_PERCENT: '5' })).toMatch(
      /WITHDRAW_MIN_USDT: is too small: its 5 % fee rounds down to 0/,
    );
    expect(
      loadConfig({ WITHDRAW_MIN_USDT: '0.00002', WITHDRAW_FEE_PERCENT: '5' }).withdraw.minimum.USDT,
    ).toBe(20n);
  });

  it('keeps each growing table as long as set, and never less than what reads it needs', () => {
    expect(loadConfig({}).retention).toEqual({
      priceObservationsDays: 30,
      vitalsDays: 90,
      proofLeavesDays: 90,
    });
    expect(
      loadConfig({ PRICE_OBSERVATIONS_KEEP_DAYS: '45', VITALS_KEEP_DAYS: '7', PROOF_LEAVES_KEEP_DAYS: '30' })
        .retention,
    ).toEqual({ priceObservationsDays: 45, vitalsDays: 7, proofLeavesDays: 30 });
    const message = fails({
      PRICE_OBSERVATIONS_KEEP_DAYS: '29',
      PROOF_LEAVES_KEEP_DAYS: '29',
      VITALS_KEEP_DAYS: '0',
    });
    expect(message).toContain(
      'PROOF_LEAVES_KEEP_DAYS: must be at least 30: a member\'s assets history reads their leaves of the last 30 days (got "29")',
    );
    expect(message).toContain(
      'PRICE_OBSERVATIONS_KEEP_DAYS: must be at least 30: a member\'s assets history values its last 30 days at their prices (got "29")',
    );
    expect(message).toMatch(/VITALS_KEEP_DAYS: .*\(got "0"\)/);
  });
});

describe('DEPLOYMENT_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agc-config-deployment-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
  /** Writes a deployment file of chain 42161 (contracts a(1)…a(4)) with `patch` over it; its path. */
  const deploymentFile = (name: string, patch: Record<string, string> = {}) => {
    const path = join(dir, name);
    const deployment = {
      chainId: 42161,
      agc: a(1),
      usdt: a(2),
      transfer: a(3),
      vault: a(4),
      blockNumber: '1',
    };
    writeFileSync(path, JSON.stringify({ ...deployment, ...patch }));
    return path;
  };
  const file = deploymentFile('arbitrum.json', { blockNumber: '123456' });
  const base = {
    CHAIN_RPC_URL: 'https://arb1.example/rpc',
    SIGNER_PRIVATE_KEY: `0x${'1'.repeat(63)}2`,
    QUOTE_SIGNER_PRIVATE_KEY: `0x${'3'.repeat(63)}4`,
    PRICE_SOURCE: 'fixed',
  };

  it('stands for the contract addresses, the chain id and the first block', () => {
    const c = loadConfig({ ...base, DEPLOYMENT_FILE: file });
    expect(c.chain.contracts).toEqual({ agc: a(1), usdt: a(2), transfer: a(3), vault: a(4) });
    expect(c.chain.id).toBe(42161);
    expect(c.watcher.startBlock).toBe(123456n);
    // A file from before the attestation contract: ATTESTATION_ADDRESS may name it.
    const key = { ATTESTER_PRIVATE_KEY: `0x${'5'.repeat(63)}6` };
    expect(
      loadConfig({ ...base, ...key, DEPLOYMENT_FILE: file, ATTESTATION_ADDRESS: a(7) }).chain.contracts
        ?.attestation,
    ).toBe(a(7));
  });

  it('names the attestation contract when the file has it (then ATTESTATION_ADDRESS is refused)', () => {
    const withAttestation = deploymentFile('with-attestation.json', { attestation: a(5) });
    const key = { ATTESTER_PRIVATE_KEY: `0x${'5'.repeat(63)}6` };
    expect(
      loadConfig({ ...base, ...key, DEPLOYMENT_FILE: withAttestation }).chain.contracts?.attestation,
    ).toBe(a(5));
    expect(fails({ ...base, ...key, DEPLOYMENT_FILE: withAttestation, ATTESTATION_ADDRESS: a(6) })).toContain(
      'DEPLOYMENT_FILE: is set together with ATTESTATION_ADDRESS',
    );
    expect(fails({ ...base, DEPLOYMENT_FILE: withAttestation })).toContain(
      'ATTESTER_PRIVATE_KEY: is required when ATTESTATION_ADDRESS is set',
    );
  });

  it('is refused beside the settings it replaces, without CHAIN_RPC_URL, unreadable or for another chain', () => {
    expect(fails({ ...base, DEPLOYMENT_FILE: file, VAULT_ADDRESS: a(9) })).toContain(
      'DEPLOYMENT_FILE: is set together with VAULT_ADDRESS: give one or the other',
    );
    expect(fails({ DEPLOYMENT_FILE: file })).toContain('DEPLOYMENT_FILE: needs CHAIN_RPC_URL');
    expect(fails({ ...base, DEPLOYMENT_FILE: join(dir, 'missing.json') })).toMatch(
      /DEPLOYMENT_FILE: cannot be read: ENOENT/,
    );
    expect(fails({ ...base, DEPLOYMENT_FILE: file, CHAIN_ID: '1' })).toContain(
      'DEPLOYMENT_FILE: is for chain 42161, CHAIN_ID is 1',
    );
    const bad = deploymentFile('bad.json', { agc: 'nope' });
    expect(fails({ ...base, DEPLOYMENT_FILE: bad })).toContain('agc must be a 0x-prefixed 20-byte address');
  });
});
