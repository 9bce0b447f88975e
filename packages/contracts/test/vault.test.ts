import {
  type Abi,
  type Address,
  type ContractFunctionName,
  type Hex,
  keccak256,
  parseEventLogs,
  toHex,
  zeroAddress,
} from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockUsdtAbi, mockUsdtBytecode, vaultAbi, vaultBytecode } from '../generated/abis.ts';
import { devAccount } from '../src/accounts.ts';
import { DEFAULT_CHANGE_DELAY, DEV_VAULT_LIMITS, type Deployment } from '../src/deploy.ts';
import { signWithdrawVoucher, type WithdrawVoucher } from '../src/voucher.ts';
import {
  addressOf,
  agc,
  chainForFile,
  type DeployExtras,
  deployFresh,
  expectZeroAddressesRefused,
  GUARDIAN,
  guardedCalls,
  revertName,
  revertOf,
  typedDataOf,
  usdt,
} from './helpers.ts';

const claimAbi = [...vaultAbi, ...mockUsdtAbi] as const;

const OWNER = 0;
const SIGNER = 1;
const MEMBER = 2;
const STRANGER = 3;
const NEW_SIGNER = 5;
const NEW_OWNER = 7;
const HOUR = 3_600n;

const c = await chainForFile();
let d: Deployment;
const guarded = guardedCalls(c, vaultAbi, () => d.vault);
const { send, refusal, eventsOf, blockTime } = guarded;

const deployVault = (extras: DeployExtras = {}) =>
  deployFresh(
    c,
    addressOf(SIGNER),
    { accounts: [], usdt: 0n, agc: 0n, vaultUsdt: usdt(1_000), vaultAgc: agc(1_000) },
    extras,
  );

beforeEach(async () => {
  d = await deployVault();
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

// Widened so one helper reads every view whatever its arguments.
const viewAbi: Abi = vaultAbi;

const view = (functionName: ContractFunctionName<typeof vaultAbi, 'view'>, args: readonly unknown[] = []) =>
  c.publicClient.readContract({ address: d.vault, abi: viewAbi, functionName, args });

/** Signs and claims a fresh voucher of `amount` USDT (ids count up per test). */
let nextId = 1_000n;
async function claimUsdt(amount: bigint, signer = SIGNER) {
  const v = await voucher({ id: nextId++, amount });
  return claim(MEMBER, v, await sign(v, signer));
}
async function refuseUsdt(amount: bigint, signer = SIGNER) {
  const v = await voucher({ id: nextId++, amount });
  return revertOf(simulateClaim(MEMBER, v, await sign(v, signer)));
}

describe('Vault', () => {
  it('exposes the EIP-712 domain the server signs for', async () => {
    expect(await guarded.domain()).toEqual({
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
    const withdrawType = 'Withdraw(uint256 id,address account,address token,uint256 amount,uint256 deadline)';
    expect(await view('WITHDRAW_TYPEHASH')).toBe(keccak256(toHex(withdrawType)));
    const signature = await devAccount(SIGNER).signTypedData({
      domain: { name: 'AGCFund Vault', version: '1', chainId: 42161, verifyingContract: d.vault },
      ...typedDataOf(withdrawType),
      message: { ...v },
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
});

describe('Vault setup', () => {
  it('starts with the configured roles, limits and delay', async () => {
    expect(await view('owner')).toBe(addressOf(OWNER));
    expect(await view('guardian')).toBe(addressOf(GUARDIAN));
    expect(await view('signer')).toBe(addressOf(SIGNER));
    expect(await view('changeDelay')).toBe(DEFAULT_CHANGE_DELAY);
    expect(await view('paused')).toBe(false);
    expect(await view('limits', [d.usdt])).toEqual([
      DEV_VAULT_LIMITS.usdt.maxPerVoucher,
      DEV_VAULT_LIMITS.usdt.dailyCap,
    ]);
    expect(await view('limits', [d.agc])).toEqual([
      DEV_VAULT_LIMITS.agc.maxPerVoucher,
      DEV_VAULT_LIMITS.agc.dailyCap,
    ]);
    expect(await view('claimableNow', [d.usdt])).toBe(DEV_VAULT_LIMITS.usdt.dailyCap);
    expect(await view('outflowLast24h', [d.agc])).toBe(0n);
    // No immediate signer change any more.
    expect(vaultAbi.map((item) => ('name' in item ? item.name : ''))).not.toContain('setSigner');
  });

  it('refuses zero addresses at construction', async () => {
    const limits = { maxPerVoucher: 1n, dailyCap: 1n };
    const valid = [addressOf(SIGNER), addressOf(GUARDIAN), d.usdt, d.agc];
    await expectZeroAddressesRefused(c, vaultAbi, vaultBytecode, valid, [limits, limits, 60n]);
  });
});

describe('Vault limits', () => {
  const LIMITS = {
    usdt: { maxPerVoucher: usdt(100), dailyCap: usdt(250) },
    agc: { maxPerVoucher: agc(100), dailyCap: agc(1_000) },
  };

  beforeEach(async () => {
    d = await deployVault({ limits: LIMITS });
  });

  /** Mines a block a minute into the next full hour and returns that hour's start. */
  async function startOfNextHour(): Promise<bigint> {
    const start = ((await c.now()) / HOUR + 1n) * HOUR;
    await c.mineAt(start + 60n);
    return start;
  }

  it('refuses a voucher above maxPerVoucher and pays one of exactly the maximum', async () => {
    expect(await refuseUsdt(usdt(100) + 1n)).toEqual({
      errorName: 'VoucherTooLarge',
      args: [usdt(100) + 1n, usdt(100)],
    });
    await claimUsdt(usdt(100));
    expect(await c.balances(d, addressOf(MEMBER))).toEqual({ usdt: usdt(100), agc: 0n });
  });

  it('pays up to the daily cap, then refuses until 24 h + 1 h have passed', async () => {
    const start = await startOfNextHour();
    await claimUsdt(usdt(100));
    await claimUsdt(usdt(100));
    await claimUsdt(usdt(50));
    expect(await view('outflowLast24h', [d.usdt])).toBe(usdt(250));
    expect(await view('claimableNow', [d.usdt])).toBe(0n);
    expect(await refuseUsdt(1n)).toEqual({ errorName: 'DailyCapExceeded', args: [1n, 0n] });

    // Each token has its own cap.
    const agcVoucher = await voucher({ id: nextId++, token: d.agc, amount: agc(100) });
    await claim(MEMBER, agcVoucher, await sign(agcVoucher));
    expect(await view('claimableNow', [d.agc])).toBe(agc(900));

    // 24 hours later the first hour still counts (the window is conservative) ...
    await c.mineAt(start + 24n * HOUR + 120n);
    expect(await view('outflowLast24h', [d.usdt])).toBe(usdt(250));
    expect(await refuseUsdt(1n)).toEqual({ errorName: 'DailyCapExceeded', args: [1n, 0n] });

    // ... an hour after that it no longer does, and the reused bucket starts from zero.
    await c.mineAt(start + 25n * HOUR + 120n);
    expect(await view('outflowLast24h', [d.usdt])).toBe(0n);
    expect(await view('claimableNow', [d.usdt])).toBe(usdt(250));
    await claimUsdt(usdt(100));
    expect(await view('outflowLast24h', [d.usdt])).toBe(usdt(100));
    expect(await view('claimableNow', [d.usdt])).toBe(usdt(150));
  });

  it('counts a claim in hour 0 and one in hour 23 together', async () => {
    const start = await startOfNextHour();
    await claimUsdt(usdt(100)); // hour 0

    await c.mineAt(start + 23n * HOUR + 60n);
    await claimUsdt(usdt(100)); // hour 23
    expect(await view('outflowLast24h', [d.usdt])).toBe(usdt(200));
    expect(await view('claimableNow', [d.usdt])).toBe(usdt(50));
    expect(await refuseUsdt(usdt(100))).toEqual({
      errorName: 'DailyCapExceeded',
      args: [usdt(100), usdt(50)],
    });
    await claimUsdt(usdt(50));
    expect(await view('claimableNow', [d.usdt])).toBe(0n);

    await c.mineAt(start + 24n * HOUR + 60n); // hour 24: hour 0 still counted
    expect(await view('outflowLast24h', [d.usdt])).toBe(usdt(250));

    await c.mineAt(start + 25n * HOUR + 60n); // hour 25: only hour 23 left
    expect(await view('outflowLast24h', [d.usdt])).toBe(usdt(150));
    expect(await view('claimableNow', [d.usdt])).toBe(usdt(100));
    expect(await refuseUsdt(usdt(100) + 1n)).toEqual({
      errorName: 'VoucherTooLarge',
      args: [usdt(100) + 1n, usdt(100)],
    });
    await claimUsdt(usdt(100));

    await c.mineAt(start + 48n * HOUR + 60n); // hour 48: hour 23 has left the window too
    expect(await view('outflowLast24h', [d.usdt])).toBe(usdt(100));
    await c.mineAt(start + 50n * HOUR + 60n);
    expect(await view('outflowLast24h', [d.usdt])).toBe(0n);
  });

  it('never lets any 24 hours pay more than the cap across a day of hourly claims', async () => {
    const start = await startOfNextHour();
    let paid = 0n;
    const history: [bigint, bigint][] = [];
    // 30 USDT every 2 hours for 2 days: at most 8 of them (240) fit in any 24-25 h window.
    for (let hour = 0n; hour < 48n; hour += 2n) {
      await c.mineAt(start + hour * HOUR + 60n);
      const available = (await view('claimableNow', [d.usdt])) as bigint;
      if (available >= usdt(30)) {
        await claimUsdt(usdt(30));
        paid += usdt(30);
        history.push([hour, usdt(30)]);
      } else {
        expect((await refuseUsdt(usdt(30))).errorName).toBe('DailyCapExceeded');
      }
    }
    for (const [from] of history) {
      const windowSum = history
        .filter(([h]) => h >= from && h <= from + 24n)
        .reduce((sum, [, a]) => sum + a, 0n);
      expect(windowSum).toBeLessThanOrEqual(usdt(250));
    }
    expect(paid).toBeGreaterThan(usdt(250));
  });

  it('tightens at once', async () => {
    expect((await refusal(GUARDIAN, 'setLimits', [d.usdt, 1n, 1n])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    expect((await refusal(STRANGER, 'setLimits', [d.usdt, 1n, 1n])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    expect((await refusal(OWNER, 'setLimits', [addressOf(STRANGER), 1n, 1n])).errorName).toBe(
      'UnsupportedToken',
    );

    const receipt = await send(OWNER, 'setLimits', [d.usdt, usdt(50), usdt(200)]);
    expect(eventsOf(receipt, 'LimitsChanged')).toEqual([
      { token: d.usdt, maxPerVoucher: usdt(50), dailyCap: usdt(200) },
    ]);
    expect(eventsOf(receipt, 'LimitsChangeProposed')).toEqual([]);
    expect(await view('limits', [d.usdt])).toEqual([usdt(50), usdt(200)]);
    expect(await view('pendingLimits', [d.usdt])).toEqual([0n, 0n, 0n]);
    expect(await refuseUsdt(usdt(51))).toEqual({ errorName: 'VoucherTooLarge', args: [usdt(51), usdt(50)] });

    // A cap of zero stops the token altogether.
    await send(OWNER, 'setLimits', [d.usdt, usdt(50), 0n]);
    expect(await refuseUsdt(1n)).toEqual({ errorName: 'DailyCapExceeded', args: [1n, 0n] });
    // The other token is untouched.
    expect(await view('limits', [d.agc])).toEqual([agc(100), agc(1_000)]);
  });

  it('loosens only after the delay', async () => {
    const receipt = await send(OWNER, 'setLimits', [d.usdt, usdt(200), usdt(250)]);
    const eta = (await blockTime(receipt)) + DEFAULT_CHANGE_DELAY;
    expect(eventsOf(receipt, 'LimitsChanged')).toEqual([]);
    expect(eventsOf(receipt, 'LimitsChangeProposed')).toEqual([
      { token: d.usdt, maxPerVoucher: usdt(200), dailyCap: usdt(250), eta },
    ]);
    expect(await view('limits', [d.usdt])).toEqual([usdt(100), usdt(250)]);
    expect(await view('pendingLimits', [d.usdt])).toEqual([usdt(200), usdt(250), eta]);
    expect((await refuseUsdt(usdt(150))).errorName).toBe('VoucherTooLarge');

    await c.advance(DEFAULT_CHANGE_DELAY - 60n);
    expect(await refusal(OWNER, 'executeLimits', [d.usdt])).toEqual({
      errorName: 'ChangeNotReady',
      args: [eta],
    });
    await c.testClient.setNextBlockTimestamp({ timestamp: eta });
    expect((await refusal(GUARDIAN, 'executeLimits', [d.usdt])).errorName).toBe('OwnableUnauthorizedAccount');
    const executed = await send(OWNER, 'executeLimits', [d.usdt]);
    expect(eventsOf(executed, 'LimitsChanged')).toEqual([
      { token: d.usdt, maxPerVoucher: usdt(200), dailyCap: usdt(250) },
    ]);
    expect(await view('limits', [d.usdt])).toEqual([usdt(200), usdt(250)]);
    expect(await view('pendingLimits', [d.usdt])).toEqual([0n, 0n, 0n]);
    await claimUsdt(usdt(150));
  });

  it('applies the tightening part of a mixed change at once and delays the rest', async () => {
    const receipt = await send(OWNER, 'setLimits', [d.usdt, usdt(50), usdt(500)]);
    const eta = (await blockTime(receipt)) + DEFAULT_CHANGE_DELAY;
    expect(eventsOf(receipt, 'LimitsChanged')).toEqual([
      { token: d.usdt, maxPerVoucher: usdt(50), dailyCap: usdt(250) },
    ]);
    expect(eventsOf(receipt, 'LimitsChangeProposed')).toEqual([
      { token: d.usdt, maxPerVoucher: usdt(50), dailyCap: usdt(500), eta },
    ]);
    expect(await view('limits', [d.usdt])).toEqual([usdt(50), usdt(250)]);
    await c.advance(DEFAULT_CHANGE_DELAY);
    await send(OWNER, 'executeLimits', [d.usdt]);
    expect(await view('limits', [d.usdt])).toEqual([usdt(50), usdt(500)]);
  });

  it('lets the guardian or the owner cancel a pending increase, and a later setLimits supersedes it', async () => {
    await send(OWNER, 'setLimits', [d.usdt, usdt(500), usdt(5_000)]);
    expect(await refusal(STRANGER, 'cancelLimitsChange', [d.usdt])).toEqual({
      errorName: 'Unauthorized',
      args: [],
    });
    const cancelled = await send(GUARDIAN, 'cancelLimitsChange', [d.usdt]);
    expect(eventsOf(cancelled, 'LimitsChangeCancelled')).toEqual([{ token: d.usdt }]);
    await c.advance(DEFAULT_CHANGE_DELAY + 1n);
    expect(await refusal(OWNER, 'executeLimits', [d.usdt])).toEqual({
      errorName: 'NoPendingChange',
      args: [],
    });
    expect(await refusal(OWNER, 'cancelLimitsChange', [d.usdt])).toEqual({
      errorName: 'NoPendingChange',
      args: [],
    });
    expect(await view('limits', [d.usdt])).toEqual([usdt(100), usdt(250)]);

    // An emergency tightening drops a pending increase, so it cannot resurface later.
    await send(OWNER, 'setLimits', [d.usdt, usdt(500), usdt(5_000)]);
    const tightened = await send(OWNER, 'setLimits', [d.usdt, usdt(10), usdt(20)]);
    expect(eventsOf(tightened, 'LimitsChangeCancelled')).toEqual([{ token: d.usdt }]);
    expect(await view('pendingLimits', [d.usdt])).toEqual([0n, 0n, 0n]);
    await c.advance(DEFAULT_CHANGE_DELAY + 1n);
    expect(await refusal(OWNER, 'executeLimits', [d.usdt])).toEqual({
      errorName: 'NoPendingChange',
      args: [],
    });
    expect(await view('limits', [d.usdt])).toEqual([usdt(10), usdt(20)]);

    // The owner may cancel too.
    await send(OWNER, 'setLimits', [d.usdt, usdt(11), usdt(20)]);
    await send(OWNER, 'cancelLimitsChange', [d.usdt]);
    expect(await view('pendingLimits', [d.usdt])).toEqual([0n, 0n, 0n]);
  });
});

describe('Vault pause', () => {
  it('lets the guardian or the owner pause claims and only the owner resume them', async () => {
    const v = await voucher();
    const signature = await sign(v);

    for (const who of [STRANGER, SIGNER, MEMBER]) {
      expect(await refusal(who, 'pause')).toEqual({ errorName: 'Unauthorized', args: [] });
    }
    await send(GUARDIAN, 'pause');
    expect(await view('paused')).toBe(true);
    expect(await revertName(simulateClaim(MEMBER, v, signature))).toBe('EnforcedPause');

    for (const who of [GUARDIAN, STRANGER, SIGNER]) {
      expect((await refusal(who, 'unpause')).errorName).toBe('OwnableUnauthorizedAccount');
    }
    // Cancelling stays possible while paused.
    await send(GUARDIAN, 'cancel', [77n]);

    await send(OWNER, 'unpause');
    await claim(MEMBER, v, signature);

    await send(OWNER, 'pause');
    const next = await voucher({ id: 2n });
    expect(await revertName(simulateClaim(MEMBER, next, await sign(next)))).toBe('EnforcedPause');
  });
});

describe('Vault voucher cancellation', () => {
  it('lets the signer, the guardian or the owner cancel a voucher for good', async () => {
    for (const who of [STRANGER, MEMBER, NEW_SIGNER]) {
      expect(await refusal(who, 'cancel', [1n])).toEqual({ errorName: 'Unauthorized', args: [] });
    }
    for (const [id, who] of [
      [1n, SIGNER],
      [2n, GUARDIAN],
      [3n, OWNER],
    ] as const) {
      const receipt = await send(who, 'cancel', [id]);
      expect(eventsOf(receipt, 'VoucherCancelled')).toEqual([{ id }]);
      expect(await view('cancelled', [id])).toBe(true);
      expect(await isClaimed(id)).toBe(false);

      const v = await voucher({ id });
      expect(await revertOf(simulateClaim(MEMBER, v, await sign(v)))).toEqual({
        errorName: 'Cancelled',
        args: [id],
      });
    }
    expect(await refusal(OWNER, 'cancel', [1n])).toEqual({ errorName: 'AlreadyCancelled', args: [1n] });
    expect(await view('cancelled', [4n])).toBe(false);
    expect(await c.balances(d, addressOf(MEMBER))).toEqual({ usdt: 0n, agc: 0n });
  });

  it('cannot cancel a voucher that was already claimed', async () => {
    const v = await voucher({ id: 4n });
    await claim(MEMBER, v, await sign(v));
    expect(await refusal(SIGNER, 'cancel', [4n])).toEqual({ errorName: 'AlreadyClaimed', args: [4n] });
    expect(await view('cancelled', [4n])).toBe(false);
    expect(await isClaimed(4n)).toBe(true);
  });
});

describe('Vault signer change', () => {
  it('applies a new signer only after the delay; then only its vouchers pay', async () => {
    for (const who of [STRANGER, GUARDIAN, SIGNER]) {
      expect((await refusal(who, 'proposeSigner', [addressOf(who)])).errorName).toBe(
        'OwnableUnauthorizedAccount',
      );
    }
    expect((await refusal(OWNER, 'proposeSigner', [zeroAddress])).errorName).toBe('ZeroAddress');
    expect(await refusal(OWNER, 'executeSigner')).toEqual({ errorName: 'NoPendingChange', args: [] });

    const receipt = await send(OWNER, 'proposeSigner', [addressOf(NEW_SIGNER)]);
    const eta = (await blockTime(receipt)) + DEFAULT_CHANGE_DELAY;
    expect(eventsOf(receipt, 'SignerChangeProposed')).toEqual([{ newSigner: addressOf(NEW_SIGNER), eta }]);
    expect(((await view('pendingSigner')) as readonly [string, bigint])[0]).toBe(addressOf(NEW_SIGNER));
    expect(((await view('pendingSigner')) as readonly [string, bigint])[1]).toBe(eta);

    await c.advance(DEFAULT_CHANGE_DELAY - 60n);
    expect(await refusal(OWNER, 'executeSigner')).toEqual({ errorName: 'ChangeNotReady', args: [eta] });
    expect(await view('signer')).toBe(addressOf(SIGNER));
    expect((await refuseUsdt(usdt(1), NEW_SIGNER)).errorName).toBe('InvalidSigner');
    await claimUsdt(usdt(1), SIGNER);

    await c.testClient.setNextBlockTimestamp({ timestamp: eta });
    const executed = await send(OWNER, 'executeSigner');
    expect(eventsOf(executed, 'SignerChanged')).toEqual([
      { previousSigner: addressOf(SIGNER), newSigner: addressOf(NEW_SIGNER) },
    ]);
    expect(await view('signer')).toBe(addressOf(NEW_SIGNER));
    expect(((await view('pendingSigner')) as readonly [string, bigint])[0]).toBe(zeroAddress);
    expect(((await view('pendingSigner')) as readonly [string, bigint])[1]).toBe(0n);

    expect((await refuseUsdt(usdt(1), SIGNER)).errorName).toBe('InvalidSigner');
    await claimUsdt(usdt(2), NEW_SIGNER);
    expect(await c.balances(d, addressOf(MEMBER))).toEqual({ usdt: usdt(3), agc: 0n });
    // The cancel right moves with the role.
    expect(await refusal(SIGNER, 'cancel', [9n])).toEqual({ errorName: 'Unauthorized', args: [] });
    await send(NEW_SIGNER, 'cancel', [9n]);
  });

  it('lets the guardian or the owner cancel a pending signer change', async () => {
    await send(OWNER, 'proposeSigner', [addressOf(STRANGER)]);
    expect(await refusal(STRANGER, 'cancelSignerChange')).toEqual({ errorName: 'Unauthorized', args: [] });
    expect(await refusal(SIGNER, 'cancelSignerChange')).toEqual({ errorName: 'Unauthorized', args: [] });
    const receipt = await send(GUARDIAN, 'cancelSignerChange');
    expect(eventsOf(receipt, 'SignerChangeCancelled')).toEqual([{ cancelledSigner: addressOf(STRANGER) }]);
    await c.advance(DEFAULT_CHANGE_DELAY + 1n);
    expect(await refusal(OWNER, 'executeSigner')).toEqual({ errorName: 'NoPendingChange', args: [] });
    expect(await refusal(GUARDIAN, 'cancelSignerChange')).toEqual({ errorName: 'NoPendingChange', args: [] });
    expect(await view('signer')).toBe(addressOf(SIGNER));

    await send(OWNER, 'proposeSigner', [addressOf(STRANGER)]);
    await send(OWNER, 'cancelSignerChange');
    expect(((await view('pendingSigner')) as readonly [string, bigint])[1]).toBe(0n);
  });

  it('restarts the delay when a new signer is proposed over a pending one', async () => {
    await send(OWNER, 'proposeSigner', [addressOf(STRANGER)]);
    await c.advance(DEFAULT_CHANGE_DELAY - 10n);
    const receipt = await send(OWNER, 'proposeSigner', [addressOf(NEW_SIGNER)]);
    const eta = (await blockTime(receipt)) + DEFAULT_CHANGE_DELAY;
    await c.advance(20);
    expect(await refusal(OWNER, 'executeSigner')).toEqual({ errorName: 'ChangeNotReady', args: [eta] });
  });
});

describe('Vault ownership and guardian', () => {
  it('transfers ownership in two steps; the old owner keeps control until the new one accepts', async () => {
    await guarded.expectOwnerNominates(OWNER, NEW_OWNER, STRANGER);

    expect((await refusal(NEW_OWNER, 'setLimits', [d.usdt, 1n, 1n])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    await send(OWNER, 'setLimits', [d.usdt, usdt(500), usdt(5_000)]);

    await guarded.expectNomineeAccepts(NEW_OWNER, STRANGER);
    expect((await refusal(OWNER, 'proposeSigner', [addressOf(OWNER)])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    expect((await refusal(OWNER, 'unpause')).errorName).toBe('OwnableUnauthorizedAccount');
    await send(NEW_OWNER, 'proposeSigner', [addressOf(NEW_SIGNER)]);
  });

  it('lets only the owner replace the guardian', async () => {
    await guarded.expectOwnerReplacesGuardian(OWNER, GUARDIAN, STRANGER);
    expect(await refusal(GUARDIAN, 'cancel', [1n])).toEqual({ errorName: 'Unauthorized', args: [] });
    await send(STRANGER, 'pause');
    expect(await view('paused')).toBe(true);
  });

  it('cannot be left without an owner', async () => {
    expect(await guarded.renounceRefusal(OWNER)).toBe('RenounceDisabled');
    expect(await guarded.renounceRefusal(STRANGER)).toBe('OwnableUnauthorizedAccount');
  });
});
