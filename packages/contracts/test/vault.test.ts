import { type Address, type Hex, parseEventLogs } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockUsdtAbi, mockUsdtBytecode, vaultAbi } from '../generated/abis.ts';
import { devAccount } from '../src/accounts.ts';
import type { Deployment } from '../src/deploy.ts';
import { signWithdrawVoucher, type WithdrawVoucher } from '../src/voucher.ts';
import {
  addressOf,
  agc,
  type Chain,
  deployFresh,
  revertName,
  revertOf,
  startChain,
  usdt,
} from './helpers.ts';

const claimAbi = [...vaultAbi, ...mockUsdtAbi] as const;

const OWNER = 0;
const SIGNER = 1;
const MEMBER = 2;
const STRANGER = 3;

let c: Chain;
let d: Deployment;

beforeAll(async () => {
  c = await startChain();
});
afterAll(async () => {
  await c?.anvil.stop();
});

beforeEach(async () => {
  d = await deployFresh(c, addressOf(SIGNER), {
    accounts: [],
    usdt: 0n,
    agc: 0n,
    vaultUsdt: usdt(1_000),
    vaultAgc: agc(1_000),
  });
});

async function voucher(overrides: Partial<WithdrawVoucher> = {}): Promise<WithdrawVoucher> {
  return {
    id: 1n,
    account: addressOf(MEMBER),
    token: d.usdt,
    amount: usdt(25),
    deadline: (await c.now()) + 3_600n,
    ...overrides,
  };
}

const sign = (v: WithdrawVoucher, signer = SIGNER) =>
  signWithdrawVoucher(devAccount(signer), d.chainId, d.vault, v);

function simulateClaim(caller: number, v: WithdrawVoucher, signature: Hex) {
  return c.publicClient.simulateContract({
    account: devAccount(caller),
    address: d.vault,
    abi: claimAbi,
    functionName: 'claim',
    args: [v.id, v.token, v.amount, v.deadline, signature],
  });
}

async function claim(caller: number, v: WithdrawVoucher, signature: Hex) {
  const receipt = await c.confirm(
    c.wallet(caller).writeContract({
      address: d.vault,
      abi: vaultAbi,
      functionName: 'claim',
      args: [v.id, v.token, v.amount, v.deadline, signature],
    }),
  );
  return parseEventLogs({ abi: vaultAbi, logs: receipt.logs, eventName: 'Claimed' });
}

const isClaimed = (id: bigint) =>
  c.publicClient.readContract({ address: d.vault, abi: vaultAbi, functionName: 'claimed', args: [id] });

describe('Vault', () => {
  it('exposes the EIP-712 domain the server signs for', async () => {
    const [, name, version, chainId, verifyingContract] = await c.publicClient.readContract({
      address: d.vault,
      abi: vaultAbi,
      functionName: 'eip712Domain',
    });
    expect({ name, version, chainId, verifyingContract }).toEqual({
      name: 'AGCFund Vault',
      version: '1',
      chainId: 42161n,
      verifyingContract: d.vault,
    });
  });

  it('pays a valid USDT voucher and emits Claimed', async () => {
    const v = await voucher();
    const events = await claim(MEMBER, v, await sign(v));

    expect(events.map((e) => e.args)).toEqual([
      { id: 1n, account: addressOf(MEMBER), token: d.usdt, amount: usdt(25) },
    ]);
    expect(await c.balances(d, addressOf(MEMBER))).toEqual({ usdt: usdt(25), agc: 0n });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(975), agc: agc(1_000) });
    expect(await isClaimed(1n)).toBe(true);
  });

  it('pays an AGC voucher signed from a hand-written typed-data definition', async () => {
    const v = await voucher({ id: 9n, token: d.agc, amount: agc(3) });
    // Independent of src/voucher.ts, so a drift between helper and contract would show here.
    const signature = await devAccount(SIGNER).signTypedData({
      domain: { name: 'AGCFund Vault', version: '1', chainId: 42161, verifyingContract: d.vault },
      types: {
        Withdraw: [
          { name: 'id', type: 'uint256' },
          { name: 'account', type: 'address' },
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Withdraw',
      message: v,
    });
    const events = await claim(MEMBER, v, signature);

    expect(events.map((e) => e.args)).toEqual([
      { id: 9n, account: addressOf(MEMBER), token: d.agc, amount: agc(3) },
    ]);
    expect(await c.balances(d, addressOf(MEMBER))).toEqual({ usdt: 0n, agc: agc(3) });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(1_000), agc: agc(997) });
  });

  it('refuses to replay a voucher', async () => {
    const v = await voucher({ id: 5n });
    const signature = await sign(v);
    await claim(MEMBER, v, signature);

    expect(await revertOf(simulateClaim(MEMBER, v, signature))).toEqual({
      errorName: 'AlreadyClaimed',
      args: [5n],
    });
    expect(await c.balances(d, addressOf(MEMBER))).toEqual({ usdt: usdt(25), agc: 0n });
  });

  it('refuses a second, differently signed voucher for an id already claimed', async () => {
    const first = await voucher({ id: 5n });
    await claim(MEMBER, first, await sign(first));

    const second = { ...first, deadline: first.deadline + 60n };
    expect(await revertName(simulateClaim(MEMBER, second, await sign(second)))).toBe('AlreadyClaimed');
  });

  it('refuses a voucher signed by another key', async () => {
    const v = await voucher();
    expect(await revertName(simulateClaim(MEMBER, v, await sign(v, STRANGER)))).toBe('InvalidSigner');
  });

  it('refuses a voucher redeemed by an address other than the one it names', async () => {
    const v = await voucher();
    expect(await revertName(simulateClaim(STRANGER, v, await sign(v)))).toBe('InvalidSigner');
    expect(await isClaimed(v.id)).toBe(false);
  });

  it('refuses a voucher whose amount differs from what was signed', async () => {
    const v = await voucher();
    const signature = await sign(v);
    expect(await revertName(simulateClaim(MEMBER, { ...v, amount: v.amount + 1n }, signature))).toBe(
      'InvalidSigner',
    );
  });

  it('refuses malformed signatures', async () => {
    const v = await voucher();
    expect(await revertName(simulateClaim(MEMBER, v, '0x1234'))).toBe('InvalidSigner');
    expect(await revertName(simulateClaim(MEMBER, v, `0x${'00'.repeat(65)}`))).toBe('InvalidSigner');
  });

  it('refuses a voucher whose deadline has passed', async () => {
    const past = await voucher({ deadline: (await c.now()) - 1n });
    expect(await revertName(simulateClaim(MEMBER, past, await sign(past)))).toBe('Expired');

    const soon = await voucher({ id: 2n, deadline: (await c.now()) + 60n });
    const signature = await sign(soon);
    await c.testClient.increaseTime({ seconds: 61 });
    await c.testClient.mine({ blocks: 1 });
    expect(await revertName(simulateClaim(MEMBER, soon, signature))).toBe('Expired');
  });

  it('still pays in the block whose timestamp equals the deadline', async () => {
    const v = await voucher({ deadline: (await c.now()) + 100n });
    const signature = await sign(v);
    await c.testClient.setNextBlockTimestamp({ timestamp: v.deadline });
    await claim(MEMBER, v, signature);
    expect((await c.publicClient.getBlock()).timestamp).toBe(v.deadline);
    expect(await isClaimed(v.id)).toBe(true);
  });

  it('refuses tokens outside the allow-list, even with a valid signature', async () => {
    const hash = await c
      .wallet(OWNER)
      .deployContract({ abi: mockUsdtAbi, bytecode: mockUsdtBytecode, args: [true] });
    const other = (await c.confirm(hash)).contractAddress as Address;
    const v = await voucher({ token: other });
    expect(await revertName(simulateClaim(MEMBER, v, await sign(v)))).toBe('UnsupportedToken');
  });

  it('reverts and stays unclaimed when the vault cannot cover the amount', async () => {
    const v = await voucher({ amount: usdt(1_001) });
    expect(await revertName(simulateClaim(MEMBER, v, await sign(v)))).toBe('ERC20InsufficientBalance');
    expect(await isClaimed(v.id)).toBe(false);
  });

  it('lets only the owner rotate the signer; old signatures stop working', async () => {
    expect(
      await revertName(
        c.publicClient.simulateContract({
          account: devAccount(MEMBER),
          address: d.vault,
          abi: vaultAbi,
          functionName: 'setSigner',
          args: [addressOf(MEMBER)],
        }),
      ),
    ).toBe('OwnableUnauthorizedAccount');

    const receipt = await c.confirm(
      c.wallet(OWNER).writeContract({
        address: d.vault,
        abi: vaultAbi,
        functionName: 'setSigner',
        args: [addressOf(STRANGER)],
      }),
    );
    const events = parseEventLogs({ abi: vaultAbi, logs: receipt.logs, eventName: 'SignerChanged' });
    expect(events.map((e) => e.args)).toEqual([
      { previousSigner: addressOf(SIGNER), newSigner: addressOf(STRANGER) },
    ]);
    expect(
      await c.publicClient.readContract({ address: d.vault, abi: vaultAbi, functionName: 'signer' }),
    ).toBe(addressOf(STRANGER));

    const v = await voucher();
    expect(await revertName(simulateClaim(MEMBER, v, await sign(v, SIGNER)))).toBe('InvalidSigner');
    await claim(MEMBER, v, await sign(v, STRANGER));
    expect(await c.balances(d, addressOf(MEMBER))).toEqual({ usdt: usdt(25), agc: 0n });
  });
});
