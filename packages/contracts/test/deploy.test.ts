import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { mockUsdtAbi, transferAbi, vaultAbi } from '../generated/abis.ts';
import {
  DEV_MNEMONIC,
  DEV_QUOTE_SIGNER_INDEX,
  DEV_SIGNER_INDEX,
  devAccount,
  devAddresses,
  devGuardian,
  devQuoteSigner,
  devVoucherSigner,
  isDevKeyAddress,
} from '../src/accounts.ts';
import { startAnvil } from '../src/anvil.ts';
import {
  DEFAULT_CHANGE_DELAY,
  DEV_VAULT_LIMITS,
  DEV_VAULT_SEED,
  type DeployAllOptions,
  type Deployment,
  deployAll,
  deployDevelopment,
  isDeployed,
  seedDevFunds,
} from '../src/deploy.ts';
import { addressOf, agc, chainForFile, usdt } from './helpers.ts';

const c = await chainForFile();
const stateDir = mkdtempSync(join(tmpdir(), 'agc-anvil-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

/** deployAll as these tests call it unless told otherwise: account 0 deploys, 1 signs vouchers, 11 quotes. */
const deploy = (rpcUrl: string, options: Partial<DeployAllOptions> = {}) =>
  deployAll({
    rpcUrl,
    deployer: devAccount(0),
    signer: addressOf(1),
    quoteSigner: addressOf(11),
    openMint: true,
    ...options,
  });

const seed = (rpcUrl: string, deployment: Deployment) =>
  seedDevFunds({
    rpcUrl,
    deployment,
    accounts: devAddresses(10),
    usdt: usdt(10_000),
    agc: agc(500),
    vaultUsdt: usdt(50_000),
    vaultAgc: agc(20_000),
  });

describe('dev accounts', () => {
  it('derive from the standard development mnemonic', () => {
    expect(DEV_MNEMONIC.split(' ')).toHaveLength(12);
    expect(devAccount(0).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(devAddresses(3)).toEqual([addressOf(0), addressOf(1), addressOf(2)]);
    // Anvil's well-known account 9, derived from the cached root key.
    expect(devAccount(9).address).toBe('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720');
    expect(devAccount(9)).toBe(devAccount(9));
  });

  it('keep the voucher and the quote signer apart from the funded accounts and from each other', () => {
    expect(DEV_SIGNER_INDEX).toBe(10);
    expect(DEV_QUOTE_SIGNER_INDEX).toBe(11);
    expect(devVoucherSigner().address).toBe(devAccount(10).address);
    expect(devQuoteSigner().address).toBe(devAccount(11).address);
    expect(devAddresses(10)).not.toContain(devVoucherSigner().address);
    expect(devAddresses(10)).not.toContain(devQuoteSigner().address);
  });

  it('recognise development key addresses in any case', () => {
    expect(isDevKeyAddress(devAccount(0).address)).toBe(true);
    expect(isDevKeyAddress(devAccount(0).address.toLowerCase())).toBe(true);
    expect(isDevKeyAddress(`0x${devAccount(11).address.slice(2).toUpperCase()}`)).toBe(true);
    expect(isDevKeyAddress(devAccount(29).address)).toBe(true);
    expect(isDevKeyAddress(devAccount(30).address)).toBe(false);
    expect(isDevKeyAddress(devAccount(30).address, 31)).toBe(true);
    // A smaller count after a larger one still means "the first count accounts".
    expect(isDevKeyAddress(devAccount(12).address, 12)).toBe(false);
    expect(isDevKeyAddress(devAccount(11).address, 12)).toBe(true);
    expect(isDevKeyAddress('0x000000000000000000000000000000000000dEaD')).toBe(false);
    expect(isDevKeyAddress('not an address')).toBe(false);
  });
});

describe('deployAll + seedDevFunds + isDeployed', () => {
  it('deploys, wires and funds everything', async () => {
    const startBlock = await c.publicClient.getBlockNumber();
    const d = await deploy(c.anvil.url);

    expect(d.chainId).toBe(42161);
    expect(new Set([d.agc, d.usdt, d.transfer, d.vault]).size).toBe(4);
    expect(d.blockNumber).toBe(startBlock + 1n);
    expect(await isDeployed(c.anvil.url, d)).toBe(true);

    const read = c.publicClient.readContract;
    expect(await read({ address: d.vault, abi: vaultAbi, functionName: 'signer' })).toBe(addressOf(1));
    expect(await read({ address: d.vault, abi: vaultAbi, functionName: 'owner' })).toBe(addressOf(0));
    // Defaults: the deployer guards, changes wait two days, development limits.
    expect(await read({ address: d.vault, abi: vaultAbi, functionName: 'guardian' })).toBe(addressOf(0));
    expect(await read({ address: d.vault, abi: vaultAbi, functionName: 'changeDelay' })).toBe(172_800n);
    expect(DEFAULT_CHANGE_DELAY).toBe(172_800n);
    expect(await read({ address: d.vault, abi: vaultAbi, functionName: 'limits', args: [d.usdt] })).toEqual([
      50_000n * 10n ** 6n,
      200_000n * 10n ** 6n,
    ]);
    expect(await read({ address: d.vault, abi: vaultAbi, functionName: 'limits', args: [d.agc] })).toEqual([
      100_000n * 10n ** 18n,
      200_000n * 10n ** 18n,
    ]);
    expect(await read({ address: d.transfer, abi: transferAbi, functionName: 'owner' })).toBe(addressOf(0));
    expect(await read({ address: d.transfer, abi: transferAbi, functionName: 'quoteSigner' })).toBe(
      addressOf(11),
    );
    expect(await read({ address: d.transfer, abi: transferAbi, functionName: 'guardian' })).toBe(
      addressOf(0),
    );
    expect(await read({ address: d.transfer, abi: transferAbi, functionName: 'changeDelay' })).toBe(172_800n);
    expect(
      await read({ address: d.vault, abi: vaultAbi, functionName: 'supportedToken', args: [d.usdt] }),
    ).toBe(true);
    expect(
      await read({ address: d.vault, abi: vaultAbi, functionName: 'supportedToken', args: [d.agc] }),
    ).toBe(true);
    expect(await read({ address: d.transfer, abi: transferAbi, functionName: 'treasury' })).toBe(d.vault);
    expect(await read({ address: d.transfer, abi: transferAbi, functionName: 'usdt' })).toBe(d.usdt);
    expect(await read({ address: d.transfer, abi: transferAbi, functionName: 'agc' })).toBe(d.agc);
    expect(await read({ address: d.usdt, abi: mockUsdtAbi, functionName: 'openMint' })).toBe(true);

    await seed(c.anvil.url, d);
    for (const account of devAddresses(10)) {
      expect(await c.balances(d, account)).toEqual({ usdt: usdt(10_000), agc: agc(500) });
    }
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(50_000), agc: agc(20_000) });
    expect(await c.balances(d, addressOf(10))).toEqual({ usdt: 0n, agc: 0n });
  });

  it('honours an explicit guardian, delay and limits', async () => {
    const limits = {
      usdt: { maxPerVoucher: 5n * 10n ** 6n, dailyCap: 50n * 10n ** 6n },
      agc: { maxPerVoucher: 7n * 10n ** 18n, dailyCap: 70n * 10n ** 18n },
    };
    const d = await deploy(c.anvil.url, { guardian: addressOf(5), changeDelay: 3_600n, limits });
    const read = c.publicClient.readContract;
    for (const [address, abi] of [
      [d.vault, vaultAbi],
      [d.transfer, transferAbi],
    ] as const) {
      expect(await read({ address, abi, functionName: 'guardian' })).toBe(addressOf(5));
      expect(await read({ address, abi, functionName: 'changeDelay' })).toBe(3_600n);
    }
    expect(await read({ address: d.vault, abi: vaultAbi, functionName: 'limits', args: [d.usdt] })).toEqual([
      limits.usdt.maxPerVoucher,
      limits.usdt.dailyCap,
    ]);
    expect(await read({ address: d.vault, abi: vaultAbi, functionName: 'limits', args: [d.agc] })).toEqual([
      limits.agc.maxPerVoucher,
      limits.agc.dailyCap,
    ]);
    expect(DEV_VAULT_LIMITS.usdt.dailyCap).toBe(200_000n * 10n ** 6n);
  });

  it('deployDevelopment: a guardian of its own, and daily caps below what the development vault holds', async () => {
    const d = await deployDevelopment(c.anvil.url);
    const read = c.publicClient.readContract;
    for (const [address, abi] of [
      [d.vault, vaultAbi],
      [d.transfer, transferAbi],
    ] as const) {
      expect(await read({ address, abi, functionName: 'owner' })).toBe(addressOf(0));
      expect(await read({ address, abi, functionName: 'guardian' })).toBe(devGuardian().address);
    }
    expect(devGuardian().address).not.toBe(addressOf(0));
    expect(isDevKeyAddress(devGuardian().address)).toBe(true);
    for (const [token, seeded] of [
      [d.usdt, DEV_VAULT_SEED.usdt],
      [d.agc, DEV_VAULT_SEED.agc],
    ] as const) {
      const [maxPerVoucher, dailyCap] = await read({
        address: d.vault,
        abi: vaultAbi,
        functionName: 'limits',
        args: [token],
      });
      expect(dailyCap).toBeLessThan(seeded);
      expect(maxPerVoucher).toBeLessThanOrEqual(dailyCap);
    }
  });

  it('honours an explicit treasury', async () => {
    const d = await deploy(c.anvil.url, { treasury: addressOf(8), openMint: false });
    expect(
      await c.publicClient.readContract({ address: d.transfer, abi: transferAbi, functionName: 'treasury' }),
    ).toBe(addressOf(8));
    await expect(seed(c.anvil.url, d)).rejects.toThrow(/MintClosed/);
  });

  it('isDeployed is false for missing code or another chain', async () => {
    const d = await deploy(c.anvil.url);
    expect(await isDeployed(c.anvil.url, { ...d, vault: addressOf(7) })).toBe(false);
    expect(await isDeployed(c.anvil.url, { ...d, chainId: 1 })).toBe(false);
  });

  it('survives an anvil restart with statePath', async () => {
    const statePath = join(stateDir, 'nested', 'state.json');
    const first = await startAnvil({ statePath });
    const d = await deploy(first.url);
    await seed(first.url, d);
    await first.stop();

    const second = await startAnvil({ statePath });
    try {
      expect(await isDeployed(second.url, d)).toBe(true);
      const client = createPublicClient({ transport: http(second.url) });
      expect(
        await client.readContract({
          address: d.usdt,
          abi: mockUsdtAbi,
          functionName: 'balanceOf',
          args: [d.vault],
        }),
      ).toBe(usdt(50_000));
    } finally {
      await second.stop();
    }
  });

  it('deploys and seeds on a chain with a block time', async () => {
    const timed = await startAnvil({ blockTime: 1, chainId: 31337 });
    try {
      const d = await deploy(timed.url);
      expect(d.chainId).toBe(31337);
      await seed(timed.url, d);
      expect(await isDeployed(timed.url, d)).toBe(true);
    } finally {
      await timed.stop();
    }
  });
});

describe('startAnvil', () => {
  it('uses the requested port and chain id 42161 by default, and frees the port on stop', async () => {
    const probe = await startAnvil();
    const { port } = probe;
    await probe.stop();

    const anvil = await startAnvil({ port });
    expect(anvil.url).toBe(`http://127.0.0.1:${port}`);
    expect(await createPublicClient({ transport: http(anvil.url) }).getChainId()).toBe(42161);
    await anvil.stop();
    await anvil.stop(); // idempotent
    await expect(fetch(anvil.url, { method: 'POST' })).rejects.toThrow();
  });

  it('refuses a port that is already taken instead of talking to the other node', async () => {
    await expect(startAnvil({ port: c.anvil.port })).rejects.toThrow(/already in use/);
  });

  it("includes anvil's own output when it fails to start", async () => {
    const statePath = join(stateDir, 'corrupt.json');
    writeFileSync(statePath, 'not json');
    await expect(startAnvil({ statePath })).rejects.toThrow(
      /anvil exited with 2[\s\S]*failed to parse json file/,
    );
  });
});
