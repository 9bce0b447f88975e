import { type Address, encodeFunctionData, erc20Abi, maxUint256 } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { agcAbi, agcBytecode, mockUsdtAbi, mockUsdtBytecode } from '../generated/abis.ts';
import { devAccount } from '../src/accounts.ts';
import { addressOf, agc, chainForFile, revertName, usdt } from './helpers.ts';

const c = await chainForFile();

async function deployUsdt(openMint: boolean): Promise<Address> {
  const hash = await c
    .wallet(0)
    .deployContract({ abi: mockUsdtAbi, bytecode: mockUsdtBytecode, args: [openMint] });
  return (await c.confirm(hash)).contractAddress as Address;
}

// Both tokens are plain ERC-20s for these reads.
const read = <const T extends 'name' | 'symbol' | 'decimals' | 'totalSupply'>(
  address: Address,
  functionName: T,
) => c.publicClient.readContract({ address, abi: erc20Abi, functionName });

const balanceOf = (address: Address, owner: Address) =>
  c.publicClient.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

describe('MockUSDT', () => {
  it('is a 6-decimal "Tether USD"', async () => {
    const address = await deployUsdt(true);
    expect(await read(address, 'name')).toBe('Tether USD');
    expect(await read(address, 'symbol')).toBe('USDT');
    expect(await read(address, 'decimals')).toBe(6);
  });

  it('refuses minting when deployed with openMint = false', async () => {
    const address = await deployUsdt(false);
    expect(await c.publicClient.readContract({ address, abi: mockUsdtAbi, functionName: 'openMint' })).toBe(
      false,
    );
    expect(
      await revertName(
        c.publicClient.simulateContract({
          account: devAccount(0),
          address,
          abi: mockUsdtAbi,
          functionName: 'mint',
          args: [addressOf(0), usdt(1)],
        }),
      ),
    ).toBe('MintClosed');
    expect(await read(address, 'totalSupply')).toBe(0n);
  });

  it('lets anyone mint when deployed with openMint = true', async () => {
    const address = await deployUsdt(true);
    await c.confirm(
      c
        .wallet(5)
        .writeContract({ address, abi: mockUsdtAbi, functionName: 'mint', args: [addressOf(6), usdt(123)] }),
    );
    expect(await balanceOf(address, addressOf(6))).toBe(usdt(123));
    expect(await read(address, 'totalSupply')).toBe(usdt(123));
  });
});

describe('MockUSDT behaves like Tether', () => {
  let address: Address;
  const owner = 5;
  const spender = addressOf(6);
  const allowanceOf = () =>
    c.publicClient.readContract({
      address,
      abi: mockUsdtAbi,
      functionName: 'allowance',
      args: [addressOf(owner), spender],
    });
  const approveTx = (value: bigint) =>
    c
      .wallet(owner)
      .writeContract({ address, abi: mockUsdtAbi, functionName: 'approve', args: [spender, value] });
  /** The spender (account 6) moves 2 USDT of the owner's to account 7 under its allowance. */
  const spendTwo = () =>
    c.confirm(
      c.wallet(6).writeContract({
        address,
        abi: mockUsdtAbi,
        functionName: 'transferFrom',
        args: [addressOf(owner), addressOf(7), usdt(2)],
      }),
    );
  const simulateApprove = (value: bigint) =>
    c.publicClient.call({
      account: devAccount(owner),
      to: address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, value] }),
    });

  beforeAll(async () => {
    address = await deployUsdt(true);
    await c.confirm(
      c.wallet(owner).writeContract({
        address,
        abi: mockUsdtAbi,
        functionName: 'mint',
        args: [addressOf(owner), usdt(100)],
      }),
    );
  });

  it('returns nothing from transfer, transferFrom and approve (no bool to read)', async () => {
    for (const data of [
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [addressOf(7), 1n] }),
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [addressOf(7), 0n] }),
    ])
      expect(
        (await c.publicClient.call({ account: devAccount(owner), to: address, data })).data,
      ).toBeUndefined();
    // A caller that insists on erc20's bool cannot decode the answer.
    await expect(
      c.publicClient.simulateContract({
        account: devAccount(owner),
        address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [addressOf(7), 1n],
      }),
    ).rejects.toThrow(/returned no data|decode/i);
  });

  it('refuses approve from a non-zero allowance to another non-zero one, without a reason; 0 first works', async () => {
    await c.confirm(approveTx(usdt(10)));
    expect(await allowanceOf()).toBe(usdt(10));
    const refused = await simulateApprove(usdt(20)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(String(refused)).not.toMatch(/ERC20|Mint/);
    expect(await allowanceOf()).toBe(usdt(10));
    await c.confirm(approveTx(0n));
    await c.confirm(approveTx(usdt(20)));
    expect(await allowanceOf()).toBe(usdt(20));
    await c.confirm(approveTx(0n));
  });

  it('spends a finite allowance and keeps an infinite one', async () => {
    await c.confirm(approveTx(usdt(3)));
    await spendTwo();
    expect(await allowanceOf()).toBe(usdt(1));
    await c.confirm(approveTx(0n));
    await c.confirm(approveTx(maxUint256));
    await spendTwo();
    expect(await allowanceOf()).toBe(maxUint256);
  });
});

describe('AGC', () => {
  let address: Address;

  beforeAll(async () => {
    address = (await c.confirm(c.wallet(0).deployContract({ abi: agcAbi, bytecode: agcBytecode })))
      .contractAddress as Address;
  });

  it('is an 18-decimal "AGC Token" owned by the deployer', async () => {
    expect(await read(address, 'name')).toBe('AGC Token');
    expect(await read(address, 'symbol')).toBe('AGC');
    expect(await read(address, 'decimals')).toBe(18);
    expect(await c.publicClient.readContract({ address, abi: agcAbi, functionName: 'owner' })).toBe(
      addressOf(0),
    );
  });

  it('mints only for the owner', async () => {
    expect(
      await revertName(
        c.publicClient.simulateContract({
          account: devAccount(4),
          address,
          abi: agcAbi,
          functionName: 'mint',
          args: [addressOf(4), agc(1)],
        }),
      ),
    ).toBe('OwnableUnauthorizedAccount');

    await c.confirm(
      c.wallet(0).writeContract({ address, abi: agcAbi, functionName: 'mint', args: [addressOf(4), agc(7)] }),
    );
    expect(await balanceOf(address, addressOf(4))).toBe(agc(7));
    expect(await read(address, 'totalSupply')).toBe(agc(7));
  });
});
