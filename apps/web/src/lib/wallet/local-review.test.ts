import { CONFIG, ok, stubApi } from '@web/test/render.tsx';
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  maxUint256,
  parseTransaction,
  type TransactionSerializedEIP1559,
} from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressNamer } from './address-names.ts';
import { TransactionReviewRejectedError } from './errors.ts';
import { importLocalWallet, removeLocalWallet } from './local.ts';
import { resetLocalChain } from './local-chain.ts';
import { feeFromEstimate } from './local-fees.ts';
import { localWalletOwnSender, localWalletProvider, setLocalReviewPrompt } from './local-provider.ts';
import { APP_CALLS_ABI, describeLocalTx, reviewLocalTx, type TxReview } from './local-review.ts';

// anvil's first dev account (public, never holds real funds).
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address;
const STRANGER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const token = CONFIG.contracts.token as Address;
const usdt = CONFIG.contracts.usdt as Address;
const transfer = CONFIG.contracts.transfer as Address;
const bank = CONFIG.contracts.bank as Address;
const name = addressNamer(CONFIG.contracts, WALLET);
const approve = (spender: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
const FEE = feeFromEstimate({
  estimatedGas: 50_000n,
  l1Gas: null,
  fees: { maxFeePerGas: 200_000_000n, maxPriorityFeePerGas: 0n },
});

describe('what a transaction does, read from its data', () => {
  it('an approval: the token by name, the exact amount in that asset, the spender by name', () => {
    const review = describeLocalTx(
      { from: WALLET, to: usdt, data: approve(transfer, 100_000_000n), value: 0n },
      name,
    );
    expect(review).toMatchObject({ functionName: 'approve', toName: 'usdt', selector: null, warnings: [] });
    expect(review.fields).toEqual([
      { kind: 'amount', label: 'amount', asset: 'USDT', amount: 100_000_000n, unlimited: false },
      // Checksummed (EIP-55), as the sheet shows it.
      { kind: 'address', label: 'spender', address: getAddress(transfer), name: 'transfer' },
    ]);
  });

  it('the payment: pay() on the payment contract with its USDT and its AGC fee', () => {
    const data = encodeFunctionData({
      abi: APP_CALLS_ABI,
      functionName: 'pay',
      args: [42n, 100_000_000n, 5n * 10n ** 18n, 1_900_000_000n, '0x1234'],
    });
    const review = describeLocalTx({ from: WALLET, to: transfer, data, value: 0n }, name);
    expect(review).toMatchObject({ functionName: 'pay', toName: 'transfer', warnings: [] });
    expect(review.fields).toEqual([
      { kind: 'amount', label: 'payUsdt', asset: 'USDT', amount: 100_000_000n, unlimited: false },
      { kind: 'amount', label: 'payAgc', asset: 'AGC', amount: 5n * 10n ** 18n, unlimited: false },
    ]);
    // A fund's payment has no AGC fee: no AGC row.
    const fund = encodeFunctionData({
      abi: APP_CALLS_ABI,
      functionName: 'pay',
      args: [7n, 50_000_000n, 0n, 1_900_000_000n, '0x1234'],
    });
    expect(describeLocalTx({ from: WALLET, to: transfer, data: fund, value: 0n }, name).fields).toHaveLength(
      1,
    );
  });

  it('a claim on the vault: what the wallet receives, in the claimed token', () => {
    const data = encodeFunctionData({
      abi: APP_CALLS_ABI,
      functionName: 'claim',
      args: [9n, token, 3n * 10n ** 18n, 1_900_000_000n, '0x1234'],
    });
    const review = describeLocalTx({ from: WALLET, to: bank, data, value: 0n }, name);
    expect(review).toMatchObject({ functionName: 'claim', toName: 'bank', warnings: [] });
    expect(review.fields).toEqual([
      { kind: 'amount', label: 'receive', asset: 'AGC', amount: 3n * 10n ** 18n, unlimited: false },
    ]);
  });

  it('an unlimited approval of a token the app does not know: raw units, unknown contract, unlimited', () => {
    const review = describeLocalTx(
      { from: WALLET, to: STRANGER, data: approve(STRANGER, maxUint256), value: 0n },
      name,
    );
    expect(review.toName).toBeNull();
    expect(review.fields[0]).toEqual({ kind: 'units', label: 'amount', amount: maxUint256 });
    expect(review.warnings).toEqual(['unknownContract', 'unlimited']);
  });

  it('data no known function has: its selector and a warning; a plain ETH transfer: the value', () => {
    const unknown = describeLocalTx({ from: WALLET, to: transfer, data: '0xdeadbeef00', value: 0n }, name);
    expect(unknown).toMatchObject({
      functionName: null,
      selector: '0xdeadbeef',
      warnings: ['unknownFunction'],
    });
    const plain = describeLocalTx({ from: WALLET, to: STRANGER, data: '0x', value: 10n ** 17n }, name);
    expect(plain).toMatchObject({ functionName: null, selector: null, toName: null, warnings: [] });
    expect(plain.fields).toEqual([
      { kind: 'amount', label: 'value', asset: 'ETH', amount: 10n ** 17n, unlimited: false },
    ]);
  });
});

describe('the review before signing', () => {
  const tx = { from: WALLET, to: usdt, data: approve(transfer, 1n), value: 0n };

  it('asks with the fee estimate, resolves on Approve and throws TransactionReviewRejectedError on Reject', async () => {
    const asked: TxReview[] = [];
    const deps = (answer: boolean) => ({
      name,
      estimate: async () => FEE,
      prompt: async (review: TxReview) => {
        asked.push(review);
        return answer;
      },
    });
    await expect(reviewLocalTx(tx, deps(true))).resolves.toMatchObject({ functionName: 'approve', fee: FEE });
    await expect(reviewLocalTx(tx, deps(false))).rejects.toBeInstanceOf(TransactionReviewRejectedError);
    expect(asked).toHaveLength(2);
    expect(asked[1]?.fee.total).toBe(FEE.total);
  });

  it('a transaction the node refuses to estimate fails before anything is asked', async () => {
    const prompt = vi.fn(async () => true);
    const refused = Object.assign(new Error('execution reverted'), { code: -32603 });
    await expect(reviewLocalTx(tx, { name, estimate: () => Promise.reject(refused), prompt })).rejects.toBe(
      refused,
    );
    expect(prompt).not.toHaveBeenCalled();
  });
});

describe('the local wallet signs an app transaction only after its review', () => {
  const PASSWORD = 'correct horse battery';
  let raw: Hex[] = [];

  /** The app's /config and an RPC (anvil-like, no NodeInterface) that estimates 50 000 gas at a 0.1 gwei base fee. */
  function chain(options: { refuseEstimate?: boolean } = {}) {
    raw = [];
    return stubApi({
      'GET /api/v1/config': () => ok(CONFIG),
      'POST /': (_url, body) => {
        const { id, method, params } = body as { id: number; method: string; params: unknown[] };
        const result = (value: unknown) => ({ body: { jsonrpc: '2.0', id, result: value } });
        const error = (code: number, message: string) => ({
          body: { jsonrpc: '2.0', id, error: { code, message } },
        });
        switch (method) {
          case 'eth_estimateGas':
            return options.refuseEstimate ? error(3, 'execution reverted') : result('0xc350');
          case 'eth_getBlockByNumber':
            return result({
              number: '0x64',
              hash: `0x${'ab'.repeat(32)}`,
              timestamp: '0x1',
              baseFeePerGas: '0x5f5e100',
              transactions: [],
            });
          case 'eth_maxPriorityFeePerGas':
            return result('0x0');
          case 'eth_chainId':
            return result('0xa4b1');
          case 'eth_getTransactionCount':
            return result('0x7');
          case 'eth_sendRawTransaction':
            raw.push((params as Hex[])[0] as Hex);
            return result(`0x${'cd'.repeat(32)}`);
          default:
            return error(-32601, `no ${method}`); // eth_call of Arbitrum's NodeInterface: not on this chain
        }
      },
    });
  }

  const send = (provider: { request: typeof localWalletProvider.request }) =>
    provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: WALLET, to: usdt, data: approve(transfer, 100_000_000n), value: '0x0' }],
    });

  afterEach(() => {
    setLocalReviewPrompt(null);
    removeLocalWallet();
    resetLocalChain();
    vi.unstubAllGlobals();
  });

  it('Approve: signed with the gas limit and fees the review showed', async () => {
    chain();
    await importLocalWallet(DEV_KEY, PASSWORD);
    const asked: TxReview[] = [];
    setLocalReviewPrompt(async (review) => {
      asked.push(review);
      return true;
    });
    await expect(send(localWalletProvider)).resolves.toBe(`0x${'cd'.repeat(32)}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ functionName: 'approve', toName: 'usdt', from: WALLET });
    expect(asked[0]?.fee).toMatchObject({ gasLimit: 60_000n, maxFeePerGas: 200_000_000n, l1Fee: null });
    expect(raw).toHaveLength(1);
    const signed = parseTransaction(raw[0] as TransactionSerializedEIP1559);
    expect(signed).toMatchObject({ gas: 60_000n, maxFeePerGas: 200_000_000n, nonce: 7 });
    expect(signed.maxPriorityFeePerGas ?? 0n).toBe(0n); // a zero tip is serialised empty
    expect(signed.to?.toLowerCase()).toBe(usdt.toLowerCase());
  }, 30_000);

  it('Reject: nothing is signed nor sent, and the refusal says it was the review', async () => {
    chain();
    await importLocalWallet(DEV_KEY, PASSWORD);
    setLocalReviewPrompt(async () => false);
    const error = await send(localWalletProvider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionReviewRejectedError);
    expect(error).toMatchObject({ code: 4001, i18nKey: 'localWalletPages.review.rejected' });
    expect(raw).toEqual([]);
  }, 30_000);

  it('with no review to show, no app transaction is signed; the wallet’s own pages confirm their own', async () => {
    const calls = chain();
    await importLocalWallet(DEV_KEY, PASSWORD);
    await expect(send(localWalletProvider)).rejects.toMatchObject({ code: 4100 });
    expect(raw).toEqual([]);
    expect(calls.some((c) => c.path === '/')).toBe(false); // not even estimated
    // The send page's path (its own confirmation shown before): signed without a second review.
    await expect(send(localWalletOwnSender)).resolves.toBe(`0x${'cd'.repeat(32)}`);
    expect(raw).toHaveLength(1);
  }, 30_000);

  it('a transaction the node refuses to estimate is not shown for approval', async () => {
    chain({ refuseEstimate: true });
    await importLocalWallet(DEV_KEY, PASSWORD);
    const prompt = vi.fn(async () => true);
    setLocalReviewPrompt(prompt);
    await expect(send(localWalletProvider)).rejects.toThrow();
    expect(prompt).not.toHaveBeenCalled();
    expect(raw).toEqual([]);
  }, 30_000);
});
