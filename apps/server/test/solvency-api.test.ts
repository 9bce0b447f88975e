import { localChain } from '@agc/contracts';
import { rowsOf } from '@agc/db';
import type { Solvency, SolvencyAsset } from '@agc/shared';
import { priceRedemption } from '@server/modules/funds/math.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import { grantRole } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { createWalletClient, erc20Abi, http, parseEther } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainServer, startChainServer } from './chain.ts';
import { newWallet, session } from './helpers.ts';
import {
  fundsInEveryState,
  launchpadRound,
  liabilitySettings,
  openWithdrawals,
  type Post,
  signUpUnder,
  startingBalances,
  tomorrowOneAm,
} from './liabilities-support.ts';
import { AGC, USDT } from './withdraw-support.ts';

// The solvency view on a real chain: figures against a model of a state built through the real services,
// the block every balance was read at, the 72-hour warning once the vault is drained, roles, an unreachable chain.
const DAY_MS = 86_400_000;

let s: ChainServer;
let t: number;
type Who = 'admin' | 'auditor' | 'analyst' | 'alice' | 'bob';
const w: Record<Who, PrivateKeyAccount> = {
  admin: newWallet(),
  auditor: newWallet(),
  analyst: newWallet(),
  alice: newWallet(),
  bob: newWallet(),
};
let h: Record<Who, Record<string, string>>;
let id: Record<Who, bigint>;

const call = async (method: 'GET' | 'POST', url: string, who: Who, payload?: object, lang = 'en') =>
  (
    await s.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { 'accept-language': lang, ...h[who] },
      ...(method === 'POST' && { payload: payload ?? {} }),
    })
  ).json();
const ok = async (method: 'GET' | 'POST', url: string, who: Who, payload?: object) => {
  const res = await call(method, url, who, payload);
  expect(res.code, `${url}: ${JSON.stringify(res)}`).toBe(200);
  return res.data;
};
const view = async (who: Who = 'admin'): Promise<Solvency> => ok('GET', 'admin/solvency', who);
const post: Post<Who> = (url, who, payload) => ok('POST', url, who, payload);
function card(v: Solvency, asset: 'USDT' | 'AGC'): SolvencyAsset {
  const found = v.assets.find((a) => a.asset === asset);
  if (!found) throw new Error(`no ${asset} card`);
  return found;
}
const bucketsOf = (a: SolvencyAsset) =>
  Object.fromEntries(
    a.buckets.map((b) => [b.key, Object.fromEntries(b.parts.map((p) => [p.key, p.amount]))]),
  );

const usdt = (v: bigint) => {
  const whole = v / USDT;
  const frac = (v % USDT).toString().padStart(6, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
};
const vaultBalance = (token: `0x${string}`, blockNumber?: bigint) =>
  s.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [s.ctx.chain.contracts.vault],
    ...(blockNumber !== undefined && { blockNumber }),
  });

/** Moves tokens out of the vault as its own transaction (anvil impersonation): the treasury shrinks, nothing else. */
async function drainVault(token: `0x${string}`, amount: bigint) {
  const vault = s.ctx.chain.contracts.vault;
  await s.testClient.impersonateAccount({ address: vault });
  await s.testClient.setBalance({ address: vault, value: parseEther('1') });
  const wallet = createWalletClient({
    account: vault,
    chain: localChain(42161, s.anvil.url),
    transport: http(s.anvil.url),
  });
  const hash = await wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: ['0x000000000000000000000000000000000000dEaD', amount],
  });
  await s.publicClient.waitForTransactionReceipt({ hash });
  await s.testClient.stopImpersonatingAccount({ address: vault });
}

// The model: what each part must be, from the amounts the test moved (not from the code under test).
const FEE = 5n; // WITHDRAW_FEE_PERCENT
const received = (amount: bigint) => amount - (amount * FEE) / 100n;
let fundLocked: bigint;
let fundUnlocked: bigint;
let fundRedeeming: bigint;
let fundUnitsHeld: bigint;

beforeAll(async () => {
  s = await startChainServer(liabilitySettings(w.admin.address));
  // A still clock at 01:00 UTC of tomorrow: the buckets' edges are known instants.
  t = tomorrowOneAm();
  s.ctx.now = () => new Date(t);
  ({ h, id } = await signUpUnder(s, 'admin', w));
  await grantRole(s.ctx.db, id.auditor, 'auditor', id.admin);
  await grantRole(s.ctx.db, id.analyst, 'analyst', id.admin);
  h.auditor = await session(s, w.auditor);
  h.analyst = await session(s, w.analyst);

  // Available: alice 5,000 USDT and 100 AGC, bob 1,000 USDT (rewards' journal entries).
  await startingBalances(s, id.alice, id.bob);

  // Withdrawals: 100 USDT and 10 AGC approved (vouchers), 200 USDT waiting for the audit.
  await openWithdrawals(post, 'alice', 'admin');

  // Simple earn: 3,000 in; 500 out (fast: 5 minutes), 1,500 out (slow: 3 days); 1,000 stays.
  await ok('POST', 'earn/transfer-in', 'alice', { amount: '3000' });
  await ok('POST', 'earn/transfer-out', 'alice', { amount: '500' });
  await ok('POST', 'earn/transfer-out', 'alice', { amount: '1500' });

  // Launchpad: a round ending in an hour, released in 4 daily steps from its end; bob buys 3 copies (300 AGC).
  const round = await launchpadRound(post, 'admin', t);
  t += 120_000;
  await ok('POST', `launchpad/rounds/${round.id}/buy`, 'bob', { copies: '3' });

  // Funds: a 30-day product (0.5 % redemption fee) and a 0-day one (0.2 %), priced at today's NAV; bob redeems 40
  // units of the open fund (Pending); a third subscription waits for its NAV.
  const { lockedUnits, openUnits } = await fundsInEveryState(s, post, {
    admin: 'admin',
    holder: 'bob',
    holderId: id.bob,
    t,
  });
  fundUnitsHeld = lockedUnits + openUnits - 40n * USDT;
  fundLocked = priceRedemption(lockedUnits, 5_000, 125_000_000n).amount;
  fundUnlocked = priceRedemption(openUnits - 40n * USDT, 2_000, 200_000_000n).amount;
  fundRedeeming = priceRedemption(40n * USDT, 2_000, 200_000_000n).amount;

  // The vault: 100,000 USDT and 100,000 AGC on top of what the deployment gave it.
  await s.fund(s.ctx.chain.contracts.vault, 100_000n * USDT, 100_000n * AGC);
}, 120_000);
afterAll(() => s.close());

describe('GET /admin/solvency', () => {
  it('is for auditors, analysts and admins; a member gets 403 Admins only', async () => {
    const member = await call('GET', 'admin/solvency', 'alice');
    expect(member).toMatchObject({ code: 403, data: null });
    const unsigned = await s.app.inject({ method: 'GET', url: '/api/v1/admin/solvency' });
    expect(unsigned.json().code).toBe(401);
    for (const who of ['auditor', 'analyst', 'admin'] as const)
      expect((await view(who)).assets).toHaveLength(2);
  });

  it('lists every liability in its bucket, per token, as the model of the seeded state says', async () => {
    const v = await view();
    expect(v.as_of).toBe(new Date(t).toISOString());
    expect(bucketsOf(card(v, 'USDT'))).toEqual({
      now: {
        // 5,000 − 300 withdrawn − 3,000 into earn; 1,000 − 30 for the launchpad.
        available: usdt(1_700n * USDT + 970n * USDT),
        vouchers: usdt(received(100n * USDT)),
        auditing: usdt(received(200n * USDT)),
      },
      min5: { earn_holdings: '1000', earn_out: '500' },
      h72: { earn_out: '1500' },
      later: {
        fund_subscribing: '300',
        fund_locked: usdt(fundLocked),
        fund_unlocked: usdt(fundUnlocked),
        fund_redeeming: usdt(fundRedeeming),
      },
    });
    expect(bucketsOf(card(v, 'AGC'))).toEqual({
      now: { available: '90', vouchers: '9.5' },
      min5: {},
      // Steps at the round's end (58 minutes from now) and a day and two days later: 3 of 4 within 72 hours.
      h72: { launchpad_release: '225' },
      later: { launchpad_release: '75' },
    });
    const u = card(v, 'USDT');
    const due72 = 2_670n * USDT + received(100n * USDT) + received(200n * USDT) + 3_000n * USDT;
    const total = due72 + 300n * USDT + fundLocked + fundUnlocked + fundRedeeming;
    expect(u).toMatchObject({
      due_72h: usdt(due72),
      liabilities: usdt(total),
      covered_72h: true,
      shortfall_72h: '0',
    });
    expect(u.buckets.map((b) => b.cumulative)).toEqual([
      usdt(2_670n * USDT + received(300n * USDT)),
      usdt(2_670n * USDT + received(300n * USDT) + 1_500n * USDT),
      usdt(due72),
      usdt(total),
    ]);
    expect(v.warning).toBe(false);
  });

  it('ties each part to the ledger: locked = vouchers + auditing + fees, pending outs, launchpad, fund units', async () => {
    const ledger = async (code: string, asset: string) =>
      BigInt(
        rowsOf<{ s: string }>(
          await s.ctx.db.execute(sql`select coalesce(sum(balance), 0)::text as s from ledger_accounts
            where user_id is not null and code = ${code} and asset = ${asset}`),
        )[0]?.s ?? 'missing',
      );
    const v = await view();
    const part = (asset: 'USDT' | 'AGC', bucket: string, key: string) =>
      card(v, asset)
        .buckets.find((b) => b.key === bucket)
        ?.parts.find((p) => p.key === key)?.amount;
    // Fees stay with the platform: locked = what the vault pays + the fees.
    expect(await ledger('member.locked', 'USDT')).toBe(300n * USDT);
    expect(part('USDT', 'now', 'vouchers')).toBe('95');
    expect(part('USDT', 'now', 'auditing')).toBe('190');
    expect(await ledger('member.earn_pending', 'USDT')).toBe(2_000n * USDT);
    expect(await ledger('member.launchpad_locked', 'AGC')).toBe(300n * AGC);
    expect(await ledger('member.fund_subscribing', 'USDT')).toBe(300n * USDT);
    // The fund parts value exactly the units the ledger holds (every FUND-<id> asset).
    const units = async (code: string) =>
      BigInt(
        rowsOf<{ s: string }>(
          await s.ctx.db.execute(sql`select coalesce(sum(balance), 0)::text as s from ledger_accounts
            where user_id is not null and code = ${code} and asset like 'FUND-%'`),
        )[0]?.s ?? 'missing',
      );
    expect(await units('member.fund_units')).toBe(fundUnitsHeld);
    expect(await units('member.fund_units_redeeming')).toBe(40n * USDT);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('reads every balance at the block it shows, and coverage is exact basis points', async () => {
    const v = await view();
    const block = BigInt(v.block.number);
    const onChain = await s.publicClient.getBlock({ blockNumber: block });
    expect(v.block.hash).toBe(onChain.hash);
    expect(v.block.time).toBe(new Date(Number(onChain.timestamp) * 1000).toISOString());
    const atBlock = await vaultBalance(s.ctx.chain.contracts.usdt, block);
    const u = card(v, 'USDT');
    expect(u.holders).toEqual([
      { key: 'vault', address: s.ctx.chain.contracts.vault, amount: usdt(atBlock) },
    ]);
    expect(u.assets).toBe(usdt(atBlock));
    const owed =
      2_670n * USDT + received(300n * USDT) + 3_300n * USDT + fundLocked + fundUnlocked + fundRedeeming;
    expect(u.coverage_bp).toBe(((atBlock * 10_000n) / owed).toString());
    // A later block moves the balance; the answer for `block` stays what the chain held at `block`.
    await s.fund(s.ctx.chain.contracts.vault, 7n * USDT, 0n);
    expect(await vaultBalance(s.ctx.chain.contracts.usdt, block)).toBe(atBlock);
    expect(await vaultBalance(s.ctx.chain.contracts.usdt)).toBe(atBlock + 7n * USDT);
    const next = await view();
    expect(BigInt(next.block.number)).toBeGreaterThan(block);
    expect(card(next, 'USDT').assets).toBe(usdt(atBlock + 7n * USDT));
  });

  it('warns when the vault is drained below what is payable within 72 hours', async () => {
    const token = s.ctx.chain.contracts.usdt;
    // Leave 4,000 USDT: enough for what is payable now (2,955), not for the next 5 minutes (4,455).
    await drainVault(token, (await vaultBalance(token)) - 4_000n * USDT);
    const v = await view('auditor');
    expect(v.warning).toBe(true);
    const block = BigInt(v.block.number);
    expect(await vaultBalance(token, block)).toBe(4_000n * USDT);
    const u = card(v, 'USDT');
    const due72 = 2_670n * USDT + received(300n * USDT) + 3_000n * USDT;
    expect(u).toMatchObject({
      assets: '4000',
      covered_72h: false,
      shortfall_72h: usdt(due72 - 4_000n * USDT),
    });
    expect(u.buckets.map((b) => [b.key, b.covered])).toEqual([
      ['now', true],
      ['min5', false],
      ['h72', false],
      ['later', false],
    ]);
    expect(u.buckets[0]?.coverage_bp).toBe(((4_000n * USDT * 10_000n) / (2_955n * USDT)).toString());
    // AGC is its own card: still covered.
    expect(card(v, 'AGC').covered_72h).toBe(true);
  });

  it('moves a transfer out from ≤ 72 h to now as the clock passes its arrival', async () => {
    const saved = t;
    t += 3 * DAY_MS;
    const v = await view();
    const u = bucketsOf(card(v, 'USDT'));
    expect(u.now).toMatchObject({ earn_out: '2000' });
    expect(u.h72).toEqual({});
    // Launchpad: three steps are due by then (not yet moved by the release job), the last 58 minutes later.
    const agc = bucketsOf(card(v, 'AGC'));
    expect(agc.now).toMatchObject({ launchpad_release: '225' });
    expect(agc.h72).toEqual({ launchpad_release: '75' });
    expect(agc.later).toEqual({});
    t = saved;
  });

  it('answers 503 with a translated message when the chain cannot be read, and changes nothing', async () => {
    const chain = s.ctx.chain;
    s.ctx.chain = { ...chain, rpcUrl: 'http://127.0.0.1:9' };
    try {
      const res = await call('GET', 'admin/solvency', 'admin');
      expect(res).toEqual({
        code: 503,
        msg: 'The treasury balances cannot be read from the chain right now. Please try again shortly',
        data: null,
      });
      const ja = await call('GET', 'admin/solvency', 'admin', undefined, 'ja');
      expect(ja.msg).toBe(
        '現在、チェーンからトレジャリー残高を読み取れません。しばらくしてから再度お試しください',
      );
    } finally {
      s.ctx.chain = chain;
    }
    expect((await view()).assets).toHaveLength(2);
  });
});
