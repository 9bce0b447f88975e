import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, createTestClient, type Hex, http, parseEther, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agcAbi, liabilityAttestationAbi, mockUsdtAbi, transferAbi, vaultAbi } from '../generated/abis.ts';
import { devAccount } from '../src/accounts.ts';
import { type AnvilInstance, startAnvil } from '../src/anvil.ts';
import { readDeployment } from '../src/deployment-file.ts';

/**
 * `npm run contracts:deploy` (scripts/deploy.ts) against a fresh anvil, as an operator runs it: the roles land where
 * they were asked for, ownership is handed over, the deployment file holds what the server needs, and the printed
 * verification data reproduce the deployed bytecode. A proxy that answers web3_clientVersion as a production node
 * (not anvil) stands for a real network: there, development keys, a mock USDT, missing limits or chain id are refused.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'agc-deploy-cli-'));
let anvil: AnvilInstance;
let proxy: Server;
let proxyUrl: string;
let client: ReturnType<typeof createPublicClient>;

const fresh = () => privateKeyToAccount(generatePrivateKey());
const owner = fresh().address;
const guardian = fresh().address;
const signer = fresh().address;
const quoteSigner = fresh().address;
const attester = fresh().address;
const deployerKey = generatePrivateKey();
const devKey = (i: number) => toHex(devAccount(i).getHdKey().privateKey ?? new Uint8Array()) as Hex;

/** Runs the CLI; exit status and everything it printed. */
function cli(
  args: string[],
  key: string | null = deployerKey,
): Promise<{ status: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, ...(key ? { DEPLOYER_PRIVATE_KEY: key } : {}) },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('close', (status) => done({ status, out }));
  });
}

const roleArgs = (rpc: string, out: string) => [
  '--rpc-url',
  rpc,
  '--owner',
  owner,
  '--guardian',
  guardian,
  '--signer',
  signer,
  '--quote-signer',
  quoteSigner,
  '--attester',
  attester,
  '--out',
  out,
];
const LIMITS = [
  '--usdt-max-per-voucher',
  '5000',
  '--usdt-daily-cap',
  '50000',
  '--agc-max-per-voucher',
  '10000',
  '--agc-daily-cap',
  '100000',
];

beforeAll(async () => {
  anvil = await startAnvil();
  client = createPublicClient({ transport: http(anvil.url), pollingInterval: 50 });
  await createTestClient({ mode: 'anvil', transport: http(anvil.url) }).setBalance({
    address: privateKeyToAccount(deployerKey).address,
    value: parseEther('10'),
  });
  // "Another network": the same chain behind a node that does not call itself anvil.
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as
      | { id: number; method: string }
      | Array<unknown>;
    if (!Array.isArray(body) && body.method === 'web3_clientVersion') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: 'Nitro/v3.7.1-production' }));
      return;
    }
    const answer = await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    res.setHeader('content-type', 'application/json');
    res.end(await answer.text());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((r) => proxy?.close(r));
  await anvil?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('on the local chain', () => {
  let local: ReturnType<typeof readDeployment>;

  it('deploys with the given roles, hands ownership over and writes the deployment file', async () => {
    const out = join(dir, 'local.json');
    const r = await cli([...roleArgs(anvil.url, out), '--usdt', 'mock']);
    expect(r.status, r.out).toBe(0);
    local = readDeployment(out);
    expect(local.chainId).toBe(42161);
    expect(local.roles).toMatchObject({ owner, signer, guardian, quoteSigner, attester });
    const read = (
      address: Hex,
      abi: typeof vaultAbi | typeof transferAbi | typeof agcAbi | typeof liabilityAttestationAbi,
      functionName: string,
    ) => client.readContract({ address, abi, functionName } as never) as Promise<string>;
    const same = (a: string) => a.toLowerCase();
    expect(same(await read(local.vault, vaultAbi, 'signer'))).toBe(same(signer));
    expect(same(await read(local.vault, vaultAbi, 'guardian'))).toBe(same(guardian));
    expect(same(await read(local.transfer, transferAbi, 'quoteSigner'))).toBe(same(quoteSigner));
    expect(same(await read(local.transfer, transferAbi, 'guardian'))).toBe(same(guardian));
    expect(same(await read(local.transfer, transferAbi, 'treasury'))).toBe(same(local.vault));
    // Two-step: the owner is nominated and must accept; AGC (plain Ownable) is the owner's at once.
    expect(same(await read(local.vault, vaultAbi, 'pendingOwner'))).toBe(same(owner));
    expect(same(await read(local.transfer, transferAbi, 'pendingOwner'))).toBe(same(owner));
    if (!local.attestation) throw new Error('no attestation in the deployment file');
    expect(same(await read(local.attestation, liabilityAttestationAbi, 'attester'))).toBe(same(attester));
    expect(same(await read(local.attestation, liabilityAttestationAbi, 'guardian'))).toBe(same(guardian));
    expect(same(await read(local.attestation, liabilityAttestationAbi, 'pendingOwner'))).toBe(same(owner));
    expect(same(await read(local.agc, agcAbi, 'owner'))).toBe(same(owner));
    expect(
      await client.readContract({ address: local.usdt, abi: mockUsdtAbi, functionName: 'openMint' }),
    ).toBe(true);
    expect(r.out).toContain(
      'calls acceptOwnership() on the Vault, the Transfer and the LiabilityAttestation',
    );
    expect(r.out).toContain(`first block ${local.blockNumber} (TRANSFER_START_BLOCK)`);
  }, 120_000);

  it('prints verification data that reproduce the deployed bytecode', async () => {
    const v = local.verification as {
      compilerVersion: string;
      evmVersion: string;
      optimizer: { enabled: boolean; runs: number };
      contracts: Array<{ name: string; address: string; txHash: Hex; constructorArguments: string }>;
    };
    expect(v.compilerVersion).toMatch(/^v0\.8\.37\+commit\.[0-9a-f]{8}$/);
    expect(v).toMatchObject({ evmVersion: 'cancun', optimizer: { enabled: true, runs: 200 } });
    expect(v.contracts.map((c) => c.name)).toEqual([
      'contracts/AGC.sol:AGC',
      'contracts/MockUSDT.sol:MockUSDT',
      'contracts/Vault.sol:Vault',
      'contracts/Transfer.sol:Transfer',
      'contracts/LiabilityAttestation.sol:LiabilityAttestation',
    ]);
    const vault = v.contracts[2];
    if (!vault) throw new Error('no vault');
    // What an explorer does: compile the standard JSON input written beside the file, append the arguments, and
    // compare with the creation transaction's input.
    const input = JSON.parse(readFileSync(join(dir, 'local.standard-input.json'), 'utf8'));
    input.settings.outputSelection = { 'contracts/Vault.sol': { Vault: ['evm.bytecode.object'] } };
    const { default: solc } = await import('solc');
    const compiled = JSON.parse(solc.compile(JSON.stringify(input)));
    const bytecode = compiled.contracts['contracts/Vault.sol'].Vault.evm.bytecode.object as string;
    const tx = await client.getTransaction({ hash: vault.txHash });
    expect(tx.input).toBe(`0x${bytecode}${vault.constructorArguments}`);
    expect(vault.constructorArguments).toContain(signer.slice(2).toLowerCase());
  }, 180_000);
});

describe('off the local chain', () => {
  it('refuses keys of the development mnemonic, in any role or as the deployer', async () => {
    const out = join(dir, 'refused.json');
    const asDeployer = await cli(
      [...roleArgs(proxyUrl, out), '--usdt', fresh().address, '--chain-id', '42161', ...LIMITS],
      devKey(0),
    );
    expect(asDeployer.status).toBe(2);
    expect(asDeployer.out).toContain(
      `deployer ${devAccount(0).address} is a key of the public development mnemonic`,
    );
    const args = roleArgs(proxyUrl, out);
    args[args.indexOf('--guardian') + 1] = devAccount(3).address;
    const asRole = await cli([...args, '--usdt', fresh().address, '--chain-id', '42161', ...LIMITS]);
    expect(asRole.status).toBe(2);
    expect(asRole.out).toContain(
      `guardian ${devAccount(3).address} is a key of the public development mnemonic`,
    );
    expect(asRole.out).toContain('Refusing to deploy to Nitro/v3.7.1-production (chain 42161)');
  }, 60_000);

  it('refuses a mock USDT, a missing chain id or limits, a wrong chain id, a server key as owner', async () => {
    const out = join(dir, 'refused.json');
    const cases: Array<[string[], string]> = [
      [['--usdt', 'mock', '--chain-id', '42161', ...LIMITS], '--usdt mock deploys a token anyone can mint'],
      [
        ['--usdt', fresh().address, ...LIMITS],
        '--chain-id is required off the local chain (the RPC says 42161)',
      ],
      [
        ['--usdt', fresh().address, '--chain-id', '1', ...LIMITS],
        'the RPC is chain 42161, --chain-id says 1',
      ],
      [['--usdt', fresh().address, '--chain-id', '42161'], 'the vault limits'],
      [
        ['--usdt', 'not-an-address', '--chain-id', '42161', ...LIMITS],
        '--usdt must be a 0x-prefixed 20-byte address',
      ],
    ];
    for (const [extra, message] of cases) {
      const r = await cli([...roleArgs(proxyUrl, out), ...extra]);
      expect(r.status, r.out).toBe(2);
      expect(r.out).toContain(message);
    }
    const args = roleArgs(proxyUrl, out);
    args[args.indexOf('--signer') + 1] = owner;
    const hot = await cli([...args, '--usdt', fresh().address, '--chain-id', '42161', ...LIMITS]);
    expect(hot.out).toContain('the signer must not also be the owner');
    const attesting = roleArgs(proxyUrl, out);
    attesting[attesting.indexOf('--attester') + 1] = guardian;
    const hotAttester = await cli([
      ...attesting,
      '--usdt',
      fresh().address,
      '--chain-id',
      '42161',
      ...LIMITS,
    ]);
    expect(hotAttester.out).toContain('the attester must not also be the guardian');
    const devAttesting = roleArgs(proxyUrl, out);
    devAttesting[devAttesting.indexOf('--attester') + 1] = devAccount(13).address;
    const devAttester = await cli([
      ...devAttesting,
      '--usdt',
      fresh().address,
      '--chain-id',
      '42161',
      ...LIMITS,
    ]);
    expect(devAttester.out).toContain(
      `attester ${devAccount(13).address} is a key of the public development mnemonic`,
    );
    expect((await cli(roleArgs(proxyUrl, out), null)).out).toContain('DEPLOYER_PRIVATE_KEY must be set');
  }, 120_000);

  it("deploys with fresh keys, the network's USDT and the limits given", async () => {
    const out = join(dir, 'network.json');
    const usdt = fresh().address; // stands for the network's USDT: nothing is deployed in its place
    const r = await cli([...roleArgs(proxyUrl, out), '--usdt', usdt, '--chain-id', '42161', ...LIMITS]);
    expect(r.status, r.out).toBe(0);
    const d = readDeployment(out);
    expect(d.usdt.toLowerCase()).toBe(usdt.toLowerCase());
    expect(d.node).toBe('Nitro/v3.7.1-production');
    expect((d.verification as { contracts: unknown[] }).contracts).toHaveLength(4);
    const limits = await client.readContract({
      address: d.vault,
      abi: vaultAbi,
      functionName: 'limits',
      args: [d.usdt],
    });
    expect(limits).toEqual([5_000n * 10n ** 6n, 50_000n * 10n ** 6n]);
  }, 120_000);
});
