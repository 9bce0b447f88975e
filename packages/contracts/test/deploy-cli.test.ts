import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { planDeploy, Refusal } from '../src/deploy-plan.ts';
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
  /** The refusal planDeploy throws for these arguments (in-process: the CLI runs the same plan, see below). */
  const refusal = async (args: string[], key: string | null = deployerKey) => {
    const plan = planDeploy(args, key ? { DEPLOYER_PRIVATE_KEY: key } : {});
    await expect(plan).rejects.toBeInstanceOf(Refusal);
    return ((await plan.catch((e: unknown) => e)) as Refusal).message;
  };
  const network = (out: string, ...extra: string[]) => [
    ...roleArgs(proxyUrl, out),
    '--usdt',
    fresh().address,
    '--chain-id',
    '42161',
    ...extra,
  ];

  it('refuses with exit status 2, the reason and the usage, and deploys nothing', async () => {
    const out = join(dir, 'refused-cli.json');
    const before = await client.getBlockNumber();
    const r = await cli(network(out, ...LIMITS), devKey(0));
    expect(r.status, r.out).toBe(2);
    expect(r.out).toContain('Refusing to deploy to Nitro/v3.7.1-production (chain 42161)');
    expect(r.out).toContain(`deployer ${devAccount(0).address} is a key of the public development mnemonic`);
    expect(r.out).toContain('usage: DEPLOYER_PRIVATE_KEY=0x… npm run contracts:deploy');
    expect(await client.getBlockNumber()).toBe(before);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('refuses keys of the development mnemonic, in any role or as the deployer', async () => {
    const out = join(dir, 'refused.json');
    expect(await refusal(network(out, ...LIMITS), devKey(0))).toContain(
      `deployer ${devAccount(0).address} is a key of the public development mnemonic`,
    );
    for (const [role, index] of [
      ['--guardian', 3],
      ['--owner', 4],
      ['--signer', 5],
      ['--quote-signer', 6],
      ['--attester', 13],
    ] as const) {
      const args = network(out, ...LIMITS);
      args[args.indexOf(role) + 1] = devAccount(index).address;
      const message = await refusal(args);
      expect(message).toContain('Refusing to deploy to Nitro/v3.7.1-production (chain 42161)');
      expect(message).toContain(`${devAccount(index).address} is a key of the public development mnemonic`);
    }
  });

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
        ['--usdt', fresh().address, '--chain-id', '42161', ...LIMITS.slice(0, 2)],
        'give all four vault limits',
      ],
      [
        ['--usdt', 'not-an-address', '--chain-id', '42161', ...LIMITS],
        '--usdt must be a 0x-prefixed 20-byte address',
      ],
      [
        ['--usdt', fresh().address, '--chain-id', '42161', '--change-delay', '2 days', ...LIMITS],
        '--change-delay must be a whole number of seconds',
      ],
      [
        ['--usdt', fresh().address, '--chain-id', '42161', '--bogus', '1', ...LIMITS],
        "Unknown option '--bogus'",
      ],
    ];
    for (const [extra, message] of cases)
      expect(await refusal([...roleArgs(proxyUrl, out), ...extra])).toContain(message);
    const limitArgs = [...LIMITS];
    limitArgs[limitArgs.indexOf('--usdt-max-per-voucher') + 1] = '60000';
    expect(await refusal(network(out, ...limitArgs))).toContain(
      '--usdt-max-per-voucher is above --usdt-daily-cap',
    );
    const hot = network(out, ...LIMITS);
    hot[hot.indexOf('--signer') + 1] = owner;
    expect(await refusal(hot)).toContain('the signer must not also be the owner');
    const hotAttester = network(out, ...LIMITS);
    hotAttester[hotAttester.indexOf('--attester') + 1] = guardian;
    expect(await refusal(hotAttester)).toContain('the attester must not also be the guardian');
    const noOwner = network(out, ...LIMITS);
    noOwner.splice(noOwner.indexOf('--owner'), 2);
    expect(await refusal(noOwner)).toBe('--owner is required');
    expect(await refusal(network(out, ...LIMITS), null)).toContain('DEPLOYER_PRIVATE_KEY must be set');
    expect(await refusal(network(out, ...LIMITS), '0x1234')).toContain('DEPLOYER_PRIVATE_KEY must be set');
  });

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
