import { devAccount, devVoucherSigner, localChain, signWithdrawVoucher, vaultAbi } from '@agc/contracts';
import { rowsOf, schema } from '@agc/db';
import type { WithdrawClaim } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { createChainWatcher } from '@server/jobs/index.ts';
import type { ChainWatcher } from '@server/modules/chain/index.ts';
import { ACCOUNTS, balanceOf, checkLedger } from '@server/modules/ledger/index.ts';
import { findByAddress, grantRole } from '@server/modules/members/index.ts';
import { buildClaim } from '@server/modules/withdraw/claim.ts';
import { eq, sql } from 'drizzle-orm';
import {
  BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainServer, startChainServer } from './chain.ts';
import { newWallet, session, signUp } from './helpers.ts';
import { AGC, balances, grantAvailable, USDT } from './withdraw-support.ts';

interface Member {
  account: PrivateKeyAccount;
  headers: Record<string, string>;
  id: bigint;
  address: `0x${string}`;
}

let s: ChainServer;
let admin: Member;
let alice: Member;
let mallory: Member;
let watcher: ChainWatcher;

const api = async (method: 'GET' | 'POST', url: string, m: Member, payload?: unknown) =>
  (
    await s.app.inject({ method, url: `/api/v1/${url}`, headers: m.headers, payload: payload as never })
  ).json();

async function join(inviteCode?: string): Promise<Member> {
  const account = newWallet();
  const { headers, member } = await signUp(
    s,
    account,
    inviteCode ? { invite_code: inviteCode, side: 'left' } : {},
  );
  return { account, headers, id: member.id, address: member.address as `0x${string}` };
}

/** Requests and approves a withdrawal; returns its id. */
async function approved(m: Member, amount: string, type: 1 | 2): Promise<string> {
  const req = await api('POST', 'withdraw', m, { amount, type });
  expect(req.code, JSON.stringify(req)).toBe(200);
  expect((await api('POST', `admin/withdraws/${req.data.id}/approve`, admin, {})).code).toBe(200);
  return req.data.id;
}

const claimTx = async (m: Member, id: string): Promise<WithdrawClaim> => {
  const res = await api('GET', `withdraw/claim/${id}`, m);
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.data;
};

/** What the vault answers if `from` sends this claim now: null when it would pay, else the error name. */
async function revertOf(from: PrivateKeyAccount, tx: WithdrawClaim['tx']): Promise<string | null> {
  const { args } = decodeFunctionData({ abi: vaultAbi, data: tx.data as Hex });
  try {
    await s.publicClient.simulateContract({
      account: from,
      address: tx.to as `0x${string}`,
      abi: vaultAbi,
      functionName: 'claim',
      args: args as never,
    });
    return null;
  } catch (err) {
    const revert =
      err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (revert instanceof ContractFunctionRevertedError) return revert.data?.errorName ?? 'unknown';
    throw err;
  }
}

const tokenBalance = (token: `0x${string}`, who: `0x${string}`) =>
  s.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });

const outcomes = async () =>
  rowsOf<{ id: string; outcome: string }>(
    await s.ctx.db.execute(sql`select args->>'id' as id, outcome from chain_events
      where contract = 'vault' and name = 'Claimed' order by block_number, log_index`),
  );

beforeAll(async () => {
  s = await startChainServer({
    WITHDRAW_FEE_PERCENT: '5',
    WITHDRAW_VOUCHER_TTL_MINUTES: '30',
    // One admin approves here; the two-approver rule has its own tests (withdraw-maker-checker.test.ts).
    WITHDRAW_SECOND_APPROVAL_USDT: '1000000',
  });
  admin = await join();
  alice = await join(defined(await findByAddress(s.ctx.db, admin.address)).inviteCode);
  mallory = await join(defined(await findByAddress(s.ctx.db, admin.address)).inviteCode);
  await grantRole(s.ctx.db, admin.id, 'admin', admin.id);
  admin.headers = await session(s, admin.account);
  for (const m of [alice, mallory]) await s.fund(m.address, 0n, 0n);
  // The vault holds what payments brought in; here it is minted to it directly.
  await s.fund(s.ctx.chain.contracts.vault, 10_000n * USDT, 10_000n * AGC);
  await grantAvailable(s.ctx, alice.id, 'USDT', 1_000n * USDT);
  await grantAvailable(s.ctx, alice.id, 'AGC', 100n * AGC);
  watcher = createChainWatcher(s.ctx);
}, 60_000);
afterAll(() => s.close());

describe('claim on the real vault', () => {
  it('pays the amount received once, makes the withdrawal Success and pays locked out in the journal', async () => {
    const id = await approved(alice, '100', 1);
    const before = await tokenBalance(s.ctx.chain.contracts.usdt, alice.address);
    const claim = await claimTx(alice, id);
    expect(claim.tx).toMatchObject({ from: alice.address, to: s.ctx.chain.contracts.vault, chain_id: 42161 });
    expect(claim.voucher).toMatchObject({
      id,
      account: alice.address,
      token: s.ctx.chain.contracts.usdt,
      amount: (95n * USDT).toString(),
    });
    const now = Math.floor(Date.now() / 1000);
    expect(claim.voucher.deadline).toBeGreaterThan(now + 29 * 60);
    expect(claim.voucher.deadline).toBeLessThanOrEqual(now + 30 * 60 + 1);
    expect((await api('GET', `withdraw/${id}`, alice)).data.voucher_deadline).toBe(claim.voucher.deadline_at);

    const hash = await s.send(alice.account, claim.tx);
    expect(await tokenBalance(s.ctx.chain.contracts.usdt, alice.address)).toBe(before + 95n * USDT);
    expect((await api('GET', `withdraw/${id}`, alice)).data.status).toBe('Withdrawable');
    await watcher.catchUp();
    const done = (await api('GET', `withdraw/${id}`, alice)).data;
    expect(done).toMatchObject({
      status: 'Success',
      claim_tx_hash: hash.toLowerCase(),
      explorer_url: `https://arbiscan.io/tx/${hash.toLowerCase()}`,
    });
    expect(done.claimed_at).not.toBeNull();
    const b = await balances(s.ctx, alice.id);
    expect([b[`${ACCOUNTS.available}.USDT`], b[`${ACCOUNTS.locked}.USDT`]]).toEqual([900n * USDT, 0n]);
    const sys = (code: (typeof ACCOUNTS)[keyof typeof ACCOUNTS]) =>
      balanceOf(s.ctx.db, { userId: null, code, asset: 'USDT' });
    expect(await sys(ACCOUNTS.withdrawalsPaid)).toBe(95n * USDT);
    expect(await sys(ACCOUNTS.withdrawFees)).toBe(5n * USDT);
    expect((await api('GET', 'me', alice)).data).toMatchObject({
      available_profit: '900',
      locked_profit: '0',
    });

    // Replaying the same voucher, or fetching another one now, pays nothing more.
    expect(await revertOf(alice.account, claim.tx)).toBe('AlreadyClaimed');
    const again = await api('GET', `withdraw/claim/${id}`, alice);
    expect(again).toMatchObject({ code: 400, msg: 'This withdrawal has already been claimed' });
    // Reading the same blocks again ingests nothing twice.
    expect(await watcher.catchUp()).toBe(0);
    expect(await outcomes()).toEqual([{ id, outcome: 'claimed' }]);
  });

  it('two vouchers for one withdrawal: the vault pays the first one sent, the other is refused', async () => {
    const id = await approved(alice, '10', 2);
    const first = await claimTx(alice, id);
    s.advance(1000);
    const second = await claimTx(alice, id);
    expect(second.tx.data).not.toBe(first.tx.data);
    await s.send(alice.account, second.tx);
    expect(await revertOf(alice.account, first.tx)).toBe('AlreadyClaimed');
    await watcher.catchUp();
    expect((await api('GET', `withdraw/${id}`, alice)).data.status).toBe('Success');
    expect(await tokenBalance(s.ctx.chain.contracts.agc, alice.address)).toBe(95n * 10n ** 17n);
  });

  it('a voucher is useless to another address, after its deadline, or signed by another key', async () => {
    const id = await approved(alice, '20', 1);
    const claim = await claimTx(alice, id);
    // Mallory replays Alice's transaction from her own wallet: the voucher binds the caller.
    expect(await revertOf(mallory.account, claim.tx)).toBe('InvalidSigner');
    // Nor can Mallory ask the server for a voucher of Alice's withdrawal.
    expect(await api('GET', `withdraw/claim/${id}`, mallory)).toMatchObject({ code: 404 });

    // A voucher issued 31 minutes ago has expired on chain.
    s.advance(-31 * 60_000);
    const stale = await claimTx(alice, id);
    s.advance(31 * 60_000);
    expect(await revertOf(alice.account, stale.tx)).toBe('Expired');

    // A server configured with the wrong key signs vouchers the vault refuses.
    const wrong: AppContext = {
      ...s.ctx,
      config: { ...s.ctx.config, chain: { ...s.ctx.config.chain, signerKey: generatePrivateKey() } },
    };
    const forged = await buildClaim(wrong, { id: alice.id, address: alice.address, roles: [] }, BigInt(id));
    expect(await revertOf(alice.account, forged.tx)).toBe('InvalidSigner');

    // None of it moved anything; the right voucher still pays.
    expect((await api('GET', `withdraw/${id}`, alice)).data.status).toBe('Withdrawable');
    expect(await revertOf(alice.account, claim.tx)).toBeNull();
  });

  it('a claim the vault cannot pay now is refused before any voucher is signed', async () => {
    await grantAvailable(s.ctx, alice.id, 'AGC', 15_000n * AGC);
    // 12,000 AGC less the 5 % fee is 11,400 AGC; the vault holds under 10,000.
    const id = await approved(alice, '12000', 2);
    const res = await api('GET', `withdraw/claim/${id}`, alice);
    expect(res).toEqual({
      code: 400,
      msg: 'The vault cannot pay this claim right now. Please try again later',
      data: null,
    });
    expect((await api('GET', `withdraw/${id}`, alice)).data).toMatchObject({
      status: 'Withdrawable',
      voucher_deadline: null,
    });
    // Topped up, the same withdrawal can be claimed.
    await s.fund(s.ctx.chain.contracts.vault, 0n, 5_000n * AGC);
    expect((await claimTx(alice, id)).voucher.amount).toBe((11_400n * AGC).toString());
  });

  it('claims the server did not sign for this withdrawal pay nothing in the journal and are recorded for audit', async () => {
    const id = await approved(alice, '30', 1);
    const signer = devVoucherSigner();
    const voucherTx = async (v: { id: bigint; amount: bigint }) => {
      const voucher = {
        id: v.id,
        account: alice.address,
        token: s.ctx.chain.contracts.usdt,
        amount: v.amount,
        deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
      };
      const signature = await signWithdrawVoucher(signer, 42161, s.ctx.chain.contracts.vault, voucher);
      return {
        from: alice.address,
        to: s.ctx.chain.contracts.vault,
        data: encodeFunctionData({
          abi: vaultAbi,
          functionName: 'claim',
          args: [voucher.id, voucher.token, voucher.amount, voucher.deadline, signature],
        }),
        value: '0x0' as const,
        chain_id: 42161,
      };
    };
    const before = await balances(s.ctx, alice.id);
    // A voucher for an id no withdrawal has, and one for this withdrawal with another amount (the key
    // misused): the vault pays both (it only checks the signature), the server changes no balance.
    await s.send(alice.account, await voucherTx({ id: 987_654_321n, amount: 1n * USDT }));
    await s.send(alice.account, await voucherTx({ id: BigInt(id), amount: 28n * USDT }));
    await watcher.catchUp();
    expect(await balances(s.ctx, alice.id)).toEqual(before);
    expect((await api('GET', `withdraw/${id}`, alice)).data.status).toBe('Withdrawable');
    const recorded = await outcomes();
    expect(recorded.slice(-2)).toEqual([
      { id: '987654321', outcome: 'unknown_withdrawal' },
      { id, outcome: 'claim_mismatch' },
    ]);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});

describe('the vault’s guards and revoking an approved withdrawal', () => {
  /** The vault's owner (the deployer, dev account 0) and guardian (the same here) act on chain. */
  const owner = () =>
    createWalletClient({
      account: devAccount(0),
      transport: http(s.anvil.url),
      chain: localChain(42161, s.anvil.url),
    });
  const asOwner = async (functionName: 'pause' | 'unpause' | 'setLimits', args: readonly unknown[] = []) => {
    const hash = await owner().writeContract({
      address: s.ctx.chain.contracts.vault,
      abi: vaultAbi,
      functionName,
      args: args as never,
    });
    await s.publicClient.waitForTransactionReceipt({ hash });
  };

  it('revokes an approved, unclaimed withdrawal: the vault cancels the voucher, then the money is back', async () => {
    const before = await balances(s.ctx, alice.id);
    const id = await approved(alice, '40', 1);
    const voucher = await claimTx(alice, id); // handed out before the revocation
    const members = await api('POST', `admin/withdraws/${id}/revoke`, alice, { reason: 'x' });
    expect(members.code).toBe(403);
    expect((await api('POST', `admin/withdraws/${id}/revoke`, admin, { reason: '' })).code).toBe(400);
    const revoked = await api('POST', `admin/withdraws/${id}/revoke`, admin, { reason: 'wrong wallet' });
    expect(revoked.code).toBe(200);
    expect(revoked.data).toMatchObject({
      status: 'Withdrawable',
      revoke_tx_hash: expect.stringMatching(/^0x/),
    });
    expect(revoked.data.revoke_requested_at).not.toBeNull();
    // No new voucher while it is being revoked, and the one out is void on chain.
    expect((await api('GET', `withdraw/claim/${id}`, alice)).msg).toBe('This withdrawal is being revoked');
    expect(await revertOf(alice.account, voucher.tx)).toBe('Cancelled');
    expect((await api('POST', `admin/withdraws/${id}/revoke`, admin, { reason: 'again' })).msg).toBe(
      'This withdrawal is being revoked',
    );
    // Once the watcher reads the cancellation: Rejected with the reason, locked back to available.
    await watcher.catchUp();
    const after = (await api('GET', `withdraw/${id}`, alice)).data;
    expect([after.status, after.reason]).toEqual(['Rejected', 'wrong wallet']);
    expect(await balances(s.ctx, alice.id)).toEqual(before);
    const log = await s.ctx.db
      .select({ action: schema.auditLog.action, actor: schema.auditLog.actorId })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.target, `withdraw:${id}`));
    expect(log.map((l) => l.action)).toEqual([
      'withdraw.approve',
      'withdraw.revoke_request',
      'withdraw.revoked',
    ]);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('a revocation that comes after the member claimed is refused and changes nothing; the claim stands', async () => {
    const id = await approved(alice, '15', 1);
    await s.send(alice.account, (await claimTx(alice, id)).tx);
    const late = await api('POST', `admin/withdraws/${id}/revoke`, admin, { reason: 'too late' });
    expect([late.code, late.msg]).toEqual([400, 'This withdrawal has already been claimed']);
    const [row] = await s.ctx.db
      .select()
      .from(schema.withdrawals)
      .where(eq(schema.withdrawals.id, BigInt(id)));
    expect([row?.revokeRequestedAt, row?.revokeReason]).toEqual([null, null]);
    await watcher.catchUp();
    expect((await api('GET', `withdraw/${id}`, alice)).data.status).toBe('Success');
  });

  it('only an approved withdrawal can be revoked (an Auditing one is rejected instead)', async () => {
    const req = await api('POST', 'withdraw', alice, { amount: '5', type: 1 });
    const res = await api('POST', `admin/withdraws/${req.data.id}/revoke`, admin, { reason: 'no' });
    expect([res.code, res.msg]).toEqual([
      400,
      'Only an approved withdrawal that has not been claimed can be revoked',
    ]);
    await api('POST', `admin/withdraws/${req.data.id}/reject`, admin, { reason: 'no' });
  });
  // Last in the file: it leaves the vault's USDT limits tightened (loosening them again takes the delay).
  it('says why before signing a voucher the vault would refuse: paused, above its per-voucher maximum, over its 24 h cap', async () => {
    const id = await approved(alice, '20', 1);
    const claim = () => api('GET', `withdraw/claim/${id}`, alice);
    await asOwner('pause');
    expect((await claim()).msg).toBe('Withdrawals are paused for now. Please try again later');
    await asOwner('unpause');
    expect((await claim()).code).toBe(200);
    const usdt = s.ctx.chain.contracts.usdt;
    const [max] = await s.publicClient.readContract({
      address: s.ctx.chain.contracts.vault,
      abi: vaultAbi,
      functionName: 'limits',
      args: [usdt],
    });
    // Tightening applies at once (loosening would wait for the vault's delay). 19 USDT would arrive:
    // within the per-voucher maximum, but more than is left of a rolling 24 h cap of 10 USDT.
    await asOwner('setLimits', [usdt, max, 10n * USDT]);
    expect((await claim()).msg).toBe(
      'The vault has reached its 24-hour payout limit. Please try again in a few hours',
    );
    // And above a per-voucher maximum of 10 USDT.
    await asOwner('setLimits', [usdt, 10n * USDT, 10n * USDT]);
    expect((await claim()).msg).toBe(
      'This amount is above what the vault pays in one claim. Please contact support',
    );
    // Nothing was signed meanwhile: the withdrawal is as it was.
    expect((await api('GET', `withdraw/${id}`, alice)).data.status).toBe('Withdrawable');
  });
});
