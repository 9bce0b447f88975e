import { type Address, erc20Abi } from 'viem';
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
