import { getAddress, type Hex, keccak256, parseEventLogs, toHex, zeroAddress } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  agcAbi,
  mockFeeTokenAbi,
  mockFeeTokenBytecode,
  mockUsdtAbi,
  transferAbi,
  transferBytecode,
} from '../generated/abis.ts';
import { devAccount, devQuoteSigner } from '../src/accounts.ts';
import { DEFAULT_CHANGE_DELAY, type Deployment } from '../src/deploy.ts';
import { type PaymentQuote, signPaymentQuote } from '../src/quote.ts';
import {
  addressOf,
  agc,
  chainForFile,
  deployFresh,
  expectZeroAddressesRefused,
  GUARDIAN,
  guardedCalls,
  revertName,
  revertOf,
  typedDataOf,
  usdt,
} from './helpers.ts';

// Token errors bubble up through SafeERC20, so decode with the token ABIs too.
const payAbi = [...transferAbi, ...mockUsdtAbi] as const;

const OWNER = 0;
const PAYER = 2;
const OTHER = 3;
const STRANGER = 5;
const NEW_SIGNER = 6;

const c = await chainForFile();
let d: Deployment;
const guarded = guardedCalls(c, transferAbi, () => d.transfer);
const { send, refusal, eventsOf, blockTime } = guarded;

beforeEach(async () => {
  d = await deployFresh(c, addressOf(1), {
    accounts: [addressOf(PAYER), addressOf(OTHER)],
    usdt: usdt(1_000),
    agc: agc(1_000),
    vaultUsdt: 0n,
    vaultAgc: 0n,
  });
});

/** Approves as a wallet must with USDT: a non-zero allowance goes back to 0 before it is set to another value. */
async function approve(i: number, usdtAmount: bigint, agcAmount: bigint) {
  const w = c.wallet(i);
  const usdtApprove = (value: bigint) =>
    c.confirm(
      w.writeContract({
        address: d.usdt,
        abi: mockUsdtAbi,
        functionName: 'approve',
        args: [d.transfer, value],
      }),
    );
  const current = await c.publicClient.readContract({
    address: d.usdt,
    abi: mockUsdtAbi,
    functionName: 'allowance',
    args: [addressOf(i), d.transfer],
  });
  if (current > 0n && usdtAmount > 0n) await usdtApprove(0n);
  await usdtApprove(usdtAmount);
  await c.confirm(
    w.writeContract({ address: d.agc, abi: agcAbi, functionName: 'approve', args: [d.transfer, agcAmount] }),
  );
}

async function quote(overrides: Partial<PaymentQuote> = {}): Promise<PaymentQuote> {
  return {
    orderId: 1n,
    payer: addressOf(PAYER),
    usdtAmount: usdt(100),
    agcAmount: agc(5),
    deadline: (await c.now()) + 900n,
    ...overrides,
  };
}

/** Signs with the deployment's quote signer, chain and contract unless told otherwise. */
const sign = (
  q: PaymentQuote,
  { signer = devQuoteSigner(), chainId = d.chainId, transfer = d.transfer } = {},
): Promise<Hex> => signPaymentQuote(signer, chainId, transfer, q);

const payArgs = (q: PaymentQuote, signature: Hex) =>
  [q.orderId, q.usdtAmount, q.agcAmount, q.deadline, signature] as const;

function simulatePay(i: number, q: PaymentQuote, signature: Hex) {
  return c.publicClient.simulateContract({
    account: devAccount(i),
    address: d.transfer,
    abi: payAbi,
    functionName: 'pay',
    args: payArgs(q, signature),
  });
}

async function pay(i: number, q: PaymentQuote, signature?: Hex) {
  const receipt = await c.confirm(
    c.wallet(i).writeContract({
      address: d.transfer,
      abi: transferAbi,
      functionName: 'pay',
      args: payArgs(q, signature ?? (await sign(q))),
    }),
  );
  const events = parseEventLogs({ abi: transferAbi, logs: receipt.logs, eventName: 'Paid' });
  expect(events).toHaveLength(1);
  return events[0]?.args;
}

const isPaid = (orderId: bigint) =>
  c.publicClient.readContract({
    address: d.transfer,
    abi: transferAbi,
    functionName: 'paid',
    args: [orderId],
  });

const read = <
  const F extends
    | 'treasury'
    | 'quoteSigner'
    | 'guardian'
    | 'owner'
    | 'pendingOwner'
    | 'paused'
    | 'changeDelay'
    | 'pendingQuoteSigner'
    | 'pendingTreasury'
    | 'QUOTE_TYPEHASH',
>(
  functionName: F,
) => c.publicClient.readContract({ address: d.transfer, abi: transferAbi, functionName });

describe('Transfer payments', () => {
  it('pays an order with a valid quote: moves both tokens to the treasury (the vault by default) and emits Paid', async () => {
    await approve(PAYER, usdt(100), agc(5));
    expect(await read('treasury')).toBe(d.vault);

    const event = await pay(PAYER, await quote());

    expect(event).toEqual({ orderId: 1n, payer: addressOf(PAYER), usdtAmount: usdt(100), agcAmount: agc(5) });
    expect(await c.balances(d, addressOf(PAYER))).toEqual({ usdt: usdt(900), agc: agc(995) });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(100), agc: agc(5) });
    expect(await c.balances(d, d.transfer)).toEqual({ usdt: 0n, agc: 0n });
    expect(await isPaid(1n)).toBe(true);
    expect(await isPaid(2n)).toBe(false);
  });

  it('accepts a quote signed from a hand-written typed-data definition, with no AGC', async () => {
    await approve(PAYER, usdt(10), 0n);
    const q = await quote({ orderId: 77n, usdtAmount: usdt(10), agcAmount: 0n });
    // Independent of src/quote.ts, so a drift between helper and contract would show here.
    const quoteType =
      'Quote(uint256 orderId,address payer,uint256 usdtAmount,uint256 agcAmount,uint256 deadline)';
    expect(await read('QUOTE_TYPEHASH')).toBe(keccak256(toHex(quoteType)));
    const signature = await devQuoteSigner().signTypedData({
      domain: { name: 'AGCFund Transfer', version: '1', chainId: 42161, verifyingContract: d.transfer },
      ...typedDataOf(quoteType),
      message: { ...q },
    });
    expect(await pay(PAYER, q, signature)).toEqual({
      orderId: 77n,
      payer: addressOf(PAYER),
      usdtAmount: usdt(10),
      agcAmount: 0n,
    });
    expect(await c.balances(d, addressOf(PAYER))).toEqual({ usdt: usdt(990), agc: agc(1_000) });
  });

  it('exposes the EIP-712 domain and type hash the server signs for', async () => {
    expect(await guarded.domain()).toEqual({
      name: 'AGCFund Transfer',
      version: '1',
      chainId: 42161n,
      verifyingContract: d.transfer,
    });
    expect(await read('quoteSigner')).toBe(devQuoteSigner().address);
  });

  it('refuses a replayed quote and any second payment of an order id, whoever pays', async () => {
    await approve(PAYER, usdt(200), agc(10));
    await approve(OTHER, usdt(200), agc(10));
    const q = await quote({ orderId: 42n });
    const signature = await sign(q);
    await pay(PAYER, q, signature);

    expect(await revertOf(simulatePay(PAYER, q, signature))).toEqual({
      errorName: 'AlreadyPaid',
      args: [42n],
    });
    const other = await quote({ orderId: 42n, payer: addressOf(OTHER), usdtAmount: usdt(1), agcAmount: 0n });
    expect(await revertName(simulatePay(OTHER, other, await sign(other)))).toBe('AlreadyPaid');
    expect(await c.balances(d, addressOf(PAYER))).toEqual({ usdt: usdt(900), agc: agc(995) });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(100), agc: agc(5) });
  });

  it("refuses someone else's quote: the payer is bound to msg.sender", async () => {
    await approve(OTHER, usdt(100), agc(5));
    const q = await quote();
    expect(await revertName(simulatePay(OTHER, q, await sign(q)))).toBe('InvalidSignature');
    expect(await isPaid(q.orderId)).toBe(false);
  });

  it('stops the squatting attack: no 1-unit payment of a future order id without a quote for it', async () => {
    await approve(OTHER, usdt(1), 0n);
    // The attacker holds a genuine quote for their own order 5 and tries to use it for order 6.
    const own = await quote({ orderId: 5n, payer: addressOf(OTHER), usdtAmount: usdt(1), agcAmount: 0n });
    const signature = await sign(own);
    expect(await revertName(simulatePay(OTHER, { ...own, orderId: 6n }, signature))).toBe('InvalidSignature');
    // Nor can they sign their own quote.
    const forged = { ...own, orderId: 6n };
    expect(
      await revertName(simulatePay(OTHER, forged, await sign(forged, { signer: devAccount(OTHER) }))),
    ).toBe('InvalidSignature');
    expect(await isPaid(6n)).toBe(false);

    // The member's real payment for order 6 still goes through.
    await approve(PAYER, usdt(100), agc(5));
    await pay(PAYER, await quote({ orderId: 6n }));
    expect(await isPaid(6n)).toBe(true);
  });

  it('refuses amounts other than the quoted ones', async () => {
    await approve(PAYER, usdt(200), agc(10));
    const q = await quote();
    const signature = await sign(q);
    for (const changed of [
      { ...q, usdtAmount: q.usdtAmount - 1n },
      { ...q, usdtAmount: q.usdtAmount + 1n },
      { ...q, agcAmount: 0n },
      { ...q, agcAmount: q.agcAmount + 1n },
      { ...q, deadline: q.deadline + 1n },
    ]) {
      expect(await revertName(simulatePay(PAYER, changed, signature))).toBe('InvalidSignature');
    }
  });

  it('refuses a quote signed for another contract or another chain', async () => {
    await approve(PAYER, usdt(100), agc(5));
    const q = await quote();
    expect(await revertName(simulatePay(PAYER, q, await sign(q, { transfer: d.vault })))).toBe(
      'InvalidSignature',
    );
    expect(await revertName(simulatePay(PAYER, q, await sign(q, { chainId: 1 })))).toBe('InvalidSignature');
  });

  it('refuses a quote signed by another key (including the voucher signer) and malformed signatures', async () => {
    await approve(PAYER, usdt(100), agc(5));
    const q = await quote();
    for (const signer of [devAccount(OWNER), devAccount(1), devAccount(STRANGER)]) {
      expect(await revertName(simulatePay(PAYER, q, await sign(q, { signer })))).toBe('InvalidSignature');
    }
    expect(await revertName(simulatePay(PAYER, q, '0x1234'))).toBe('InvalidSignature');
    expect(await revertName(simulatePay(PAYER, q, `0x${'00'.repeat(65)}`))).toBe('InvalidSignature');
  });

  it('refuses an expired quote and still accepts one in the block whose timestamp equals the deadline', async () => {
    await approve(PAYER, usdt(200), agc(10));
    const past = await quote({ deadline: (await c.now()) - 1n });
    expect(await revertName(simulatePay(PAYER, past, await sign(past)))).toBe('Expired');

    const soon = await quote({ orderId: 2n, deadline: (await c.now()) + 60n });
    const soonSignature = await sign(soon);
    await c.advance(61);
    expect(await revertName(simulatePay(PAYER, soon, soonSignature))).toBe('Expired');

    const exact = await quote({ orderId: 3n, deadline: (await c.now()) + 100n });
    const exactSignature = await sign(exact);
    await c.testClient.setNextBlockTimestamp({ timestamp: exact.deadline });
    await pay(PAYER, exact, exactSignature);
    expect((await c.publicClient.getBlock()).timestamp).toBe(exact.deadline);
  });

  it('reverts without allowance', async () => {
    const q = await quote();
    expect(await revertName(simulatePay(PAYER, q, await sign(q)))).toBe('ERC20InsufficientAllowance');
  });

  it('is all or nothing: an AGC allowance shortfall leaves USDT untouched and the order unpaid', async () => {
    await approve(PAYER, usdt(100), agc(1));
    const q = await quote();
    const signature = await sign(q);
    expect(await revertName(simulatePay(PAYER, q, signature))).toBe('ERC20InsufficientAllowance');

    // Mine the failing transaction for real (fixed gas skips estimation) to check the state after it.
    const hash = await c.wallet(PAYER).writeContract({
      address: d.transfer,
      abi: transferAbi,
      functionName: 'pay',
      args: payArgs(q, signature),
      gas: 300_000n,
    });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('reverted');
    expect(await c.balances(d, addressOf(PAYER))).toEqual({ usdt: usdt(1_000), agc: agc(1_000) });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: 0n, agc: 0n });
    expect(await isPaid(1n)).toBe(false);
  });

  it('pays with USDT as Tether behaves (no bool returned); approving over a non-zero allowance needs a 0 first', async () => {
    await approve(PAYER, usdt(50), 0n);
    // Tether's rule, met by the approve step of the app: straight from 50 to 100 reverts.
    await expect(
      c.publicClient.simulateContract({
        account: devAccount(PAYER),
        address: d.usdt,
        abi: mockUsdtAbi,
        functionName: 'approve',
        args: [d.transfer, usdt(100)],
      }),
    ).rejects.toThrow();
    await approve(PAYER, usdt(100), agc(5));
    expect(await pay(PAYER, await quote())).toMatchObject({ usdtAmount: usdt(100), agcAmount: agc(5) });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(100), agc: agc(5) });
  });

  it('refuses a payment where less arrived than quoted (a fee-on-transfer token), and moves nothing', async () => {
    // A Transfer taking a token that keeps 1 % of every transfer as its "USDT".
    const feeToken = (
      await c.confirm(
        c.wallet(OWNER).deployContract({
          abi: mockFeeTokenAbi,
          bytecode: mockFeeTokenBytecode,
          args: [100, addressOf(9)],
        }),
      )
    ).contractAddress as `0x${string}`;
    const withFee = (
      await c.confirm(
        c.wallet(OWNER).deployContract({
          abi: transferAbi,
          bytecode: transferBytecode,
          args: [
            feeToken,
            d.agc,
            d.vault,
            devQuoteSigner().address,
            addressOf(GUARDIAN),
            DEFAULT_CHANGE_DELAY,
          ],
        }),
      )
    ).contractAddress as `0x${string}`;
    const token = (functionName: 'mint' | 'approve', args: readonly [`0x${string}`, bigint]) =>
      c.confirm(
        c.wallet(PAYER).writeContract({ address: feeToken, abi: mockFeeTokenAbi, functionName, args }),
      );
    const balanceOf = (who: `0x${string}`) =>
      c.publicClient.readContract({
        address: feeToken,
        abi: mockFeeTokenAbi,
        functionName: 'balanceOf',
        args: [who],
      });
    await token('mint', [addressOf(PAYER), usdt(1_000)]);
    await token('approve', [withFee, usdt(100)]);
    const q = await quote({ agcAmount: 0n });
    const signature = await signPaymentQuote(devQuoteSigner(), d.chainId, withFee, q);
    const simulated = await revertOf(
      c.publicClient.simulateContract({
        account: devAccount(PAYER),
        address: withFee,
        abi: [...transferAbi, ...mockFeeTokenAbi],
        functionName: 'pay',
        args: payArgs(q, signature),
      }),
    );
    // 100 quoted, 99 reached the treasury: refused, saying so.
    expect(simulated).toEqual({
      errorName: 'ShortPayment',
      args: [getAddress(feeToken), usdt(100), usdt(99)],
    });
    const hash = await c.wallet(PAYER).writeContract({
      address: withFee,
      abi: transferAbi,
      functionName: 'pay',
      args: payArgs(q, signature),
      gas: 300_000n,
    });
    expect((await c.publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted');
    expect(await balanceOf(addressOf(PAYER))).toBe(usdt(1_000));
    expect(await balanceOf(d.vault)).toBe(0n);
    expect(
      await c.publicClient.readContract({
        address: withFee,
        abi: transferAbi,
        functionName: 'paid',
        args: [q.orderId],
      }),
    ).toBe(false);
  });

  it('reverts when the payer lacks the balance', async () => {
    await approve(PAYER, usdt(5_000), agc(5));
    const q = await quote({ usdtAmount: usdt(5_000) });
    expect(await revertName(simulatePay(PAYER, q, await sign(q)))).toBe('ERC20InsufficientBalance');
  });

  it('rejects a zero USDT amount, even when quoted', async () => {
    await approve(PAYER, usdt(100), agc(5));
    const q = await quote({ usdtAmount: 0n });
    expect(await revertName(simulatePay(PAYER, q, await sign(q)))).toBe('ZeroAmount');
  });

  it('reports exactly what was paid and by whom', async () => {
    await approve(OTHER, usdt(100), agc(5));
    const event = await pay(
      OTHER,
      await quote({ orderId: 7n, payer: addressOf(OTHER), usdtAmount: usdt(1), agcAmount: 0n }),
    );
    expect(event).toEqual({ orderId: 7n, payer: addressOf(OTHER), usdtAmount: usdt(1), agcAmount: 0n });
    expect(await c.balances(d, addressOf(OTHER))).toEqual({ usdt: usdt(999), agc: agc(1_000) });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(1), agc: 0n });
  });
});

describe('Transfer administration', () => {
  it('starts with the configured roles and delay', async () => {
    expect(await read('owner')).toBe(addressOf(OWNER));
    expect(await read('guardian')).toBe(addressOf(GUARDIAN));
    expect(await read('changeDelay')).toBe(DEFAULT_CHANGE_DELAY);
    expect(await read('paused')).toBe(false);
    expect((await read('pendingQuoteSigner'))[0]).toBe(zeroAddress);
    expect((await read('pendingQuoteSigner'))[1]).toBe(0n);
  });

  it('refuses zero addresses at construction', async () => {
    const valid = [d.usdt, d.agc, d.vault, devQuoteSigner().address, addressOf(GUARDIAN)];
    await expectZeroAddressesRefused(c, transferAbi, transferBytecode, valid, [60n]);
  });

  it('pauses on the guardian or the owner, unpauses on the owner only', async () => {
    await approve(PAYER, usdt(200), agc(10));
    const q = await quote();
    const signature = await sign(q);

    expect(await refusal(STRANGER, 'pause')).toEqual({ errorName: 'Unauthorized', args: [] });
    expect(await refusal(PAYER, 'pause')).toEqual({ errorName: 'Unauthorized', args: [] });
    await send(GUARDIAN, 'pause');
    expect(await read('paused')).toBe(true);
    expect(await revertName(simulatePay(PAYER, q, signature))).toBe('EnforcedPause');

    expect((await refusal(GUARDIAN, 'unpause')).errorName).toBe('OwnableUnauthorizedAccount');
    expect((await refusal(STRANGER, 'unpause')).errorName).toBe('OwnableUnauthorizedAccount');
    await send(OWNER, 'unpause');
    await pay(PAYER, q, signature);

    await send(OWNER, 'pause');
    expect(await revertName(simulatePay(PAYER, await quote({ orderId: 2n }), signature))).toBe(
      'EnforcedPause',
    );
  });

  it('changes the quote signer only after the delay; old quotes stop working then', async () => {
    expect((await refusal(STRANGER, 'proposeQuoteSigner', [addressOf(STRANGER)])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    expect((await refusal(GUARDIAN, 'proposeQuoteSigner', [addressOf(STRANGER)])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    expect((await refusal(OWNER, 'proposeQuoteSigner', [zeroAddress])).errorName).toBe('ZeroAddress');
    expect(await refusal(OWNER, 'executeQuoteSigner')).toEqual({ errorName: 'NoPendingChange', args: [] });

    const receipt = await send(OWNER, 'proposeQuoteSigner', [addressOf(NEW_SIGNER)]);
    const eta = (await blockTime(receipt)) + DEFAULT_CHANGE_DELAY;
    expect(eventsOf(receipt, 'QuoteSignerChangeProposed')).toEqual([
      { newSigner: addressOf(NEW_SIGNER), eta },
    ]);
    expect((await read('pendingQuoteSigner'))[0]).toBe(addressOf(NEW_SIGNER));
    expect((await read('pendingQuoteSigner'))[1]).toBe(eta);

    await c.advance(DEFAULT_CHANGE_DELAY - 60n);
    expect(await refusal(OWNER, 'executeQuoteSigner')).toEqual({ errorName: 'ChangeNotReady', args: [eta] });
    expect(await read('quoteSigner')).toBe(devQuoteSigner().address);
    // Until then the current signer's quotes keep working.
    await approve(PAYER, usdt(200), agc(10));
    await pay(PAYER, await quote({ orderId: 1n }));

    await c.testClient.setNextBlockTimestamp({ timestamp: eta });
    expect((await refusal(STRANGER, 'executeQuoteSigner')).errorName).toBe('OwnableUnauthorizedAccount');
    const executed = await send(OWNER, 'executeQuoteSigner');
    expect(eventsOf(executed, 'QuoteSignerChanged')).toEqual([
      { previousSigner: devQuoteSigner().address, newSigner: addressOf(NEW_SIGNER) },
    ]);
    expect(await read('quoteSigner')).toBe(addressOf(NEW_SIGNER));
    expect((await read('pendingQuoteSigner'))[0]).toBe(zeroAddress);
    expect((await read('pendingQuoteSigner'))[1]).toBe(0n);

    const q = await quote({ orderId: 2n });
    expect(await revertName(simulatePay(PAYER, q, await sign(q)))).toBe('InvalidSignature');
    await pay(PAYER, q, await sign(q, { signer: devAccount(NEW_SIGNER) }));
  });

  it('lets the guardian or the owner cancel a pending quote signer change', async () => {
    await send(OWNER, 'proposeQuoteSigner', [addressOf(NEW_SIGNER)]);
    expect(await refusal(STRANGER, 'cancelQuoteSignerChange')).toEqual({
      errorName: 'Unauthorized',
      args: [],
    });
    const receipt = await send(GUARDIAN, 'cancelQuoteSignerChange');
    expect(eventsOf(receipt, 'QuoteSignerChangeCancelled')).toEqual([
      { cancelledSigner: addressOf(NEW_SIGNER) },
    ]);
    expect((await read('pendingQuoteSigner'))[0]).toBe(zeroAddress);
    await c.advance(DEFAULT_CHANGE_DELAY + 1n);
    expect(await refusal(OWNER, 'executeQuoteSigner')).toEqual({ errorName: 'NoPendingChange', args: [] });
    expect(await refusal(GUARDIAN, 'cancelQuoteSignerChange')).toEqual({
      errorName: 'NoPendingChange',
      args: [],
    });
    expect(await read('quoteSigner')).toBe(devQuoteSigner().address);

    // The owner may cancel its own proposal too.
    await send(OWNER, 'proposeQuoteSigner', [addressOf(NEW_SIGNER)]);
    await send(OWNER, 'cancelQuoteSignerChange');
    expect((await read('pendingQuoteSigner'))[1]).toBe(0n);
  });

  it('changes the treasury only after the delay, and the guardian can cancel it', async () => {
    const newTreasury = addressOf(9);
    expect((await refusal(PAYER, 'proposeTreasury', [newTreasury])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    expect((await refusal(OWNER, 'proposeTreasury', [zeroAddress])).errorName).toBe('ZeroAddress');

    // A proposal the guardian cancels never applies.
    await send(OWNER, 'proposeTreasury', [addressOf(STRANGER)]);
    await send(GUARDIAN, 'cancelTreasuryChange');
    expect(await refusal(OWNER, 'executeTreasury')).toEqual({ errorName: 'NoPendingChange', args: [] });

    const receipt = await send(OWNER, 'proposeTreasury', [newTreasury]);
    const eta = (await blockTime(receipt)) + DEFAULT_CHANGE_DELAY;
    expect(eventsOf(receipt, 'TreasuryChangeProposed')).toEqual([{ newTreasury, eta }]);
    expect((await read('pendingTreasury'))[0]).toBe(newTreasury);
    expect((await read('pendingTreasury'))[1]).toBe(eta);

    await c.advance(DEFAULT_CHANGE_DELAY / 2n);
    expect(await refusal(OWNER, 'executeTreasury')).toEqual({ errorName: 'ChangeNotReady', args: [eta] });
    await approve(PAYER, usdt(20), agc(2));
    await pay(PAYER, await quote({ orderId: 1n, usdtAmount: usdt(10), agcAmount: agc(1) }));
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(10), agc: agc(1) });

    await c.advance(DEFAULT_CHANGE_DELAY / 2n);
    const executed = await send(OWNER, 'executeTreasury');
    expect(eventsOf(executed, 'TreasuryChanged')).toEqual([{ previousTreasury: d.vault, newTreasury }]);
    expect(await read('treasury')).toBe(newTreasury);

    const before = await c.balances(d, newTreasury);
    await pay(PAYER, await quote({ orderId: 3n, usdtAmount: usdt(10), agcAmount: agc(1) }));
    expect(await c.balances(d, newTreasury)).toEqual({
      usdt: before.usdt + usdt(10),
      agc: before.agc + agc(1),
    });
    expect(await c.balances(d, d.vault)).toEqual({ usdt: usdt(10), agc: agc(1) });
  });

  it('lets only the owner replace the guardian', async () => {
    await guarded.expectOwnerReplacesGuardian(OWNER, GUARDIAN, STRANGER);
    await send(STRANGER, 'pause');
    expect(await read('paused')).toBe(true);
  });

  it('transfers ownership in two steps; the old owner keeps control until the new one accepts', async () => {
    const NEW_OWNER = 7;
    await guarded.expectOwnerNominates(OWNER, NEW_OWNER, STRANGER);

    // Still the old owner's contract.
    expect((await refusal(NEW_OWNER, 'unpause')).errorName).toBe('OwnableUnauthorizedAccount');
    await send(OWNER, 'pause');
    await send(OWNER, 'unpause');

    await guarded.expectNomineeAccepts(NEW_OWNER, STRANGER);
    expect((await refusal(OWNER, 'proposeTreasury', [addressOf(OWNER)])).errorName).toBe(
      'OwnableUnauthorizedAccount',
    );
    await send(NEW_OWNER, 'proposeTreasury', [addressOf(NEW_OWNER)]);
  });

  it('cannot be left without an owner', async () => {
    expect(await guarded.renounceRefusal(OWNER)).toBe('RenounceDisabled');
    expect(await guarded.renounceRefusal(STRANGER)).toBe('OwnableUnauthorizedAccount');
  });
});
