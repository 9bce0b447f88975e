// The local wallet's review of a transaction the app asks it to sign (the shop's and a fund's approvals and payment,
// a withdrawal's claim): before signing, the member sees what it calls (the function, decoded, on the contract's
// known name), the amounts (each in its asset), who may spend or receives them, the network fee estimate, and
// approves or rejects it. Like a browser wallet's confirmation, one review per transaction: a payment of three
// transactions asks three times. `describeLocalTx` is pure; `reviewLocalTx` estimates the fee and asks.
import { AGC_DECIMALS, USDT_DECIMALS } from '@agc/shared';
import {
  type Address,
  type DecodeFunctionDataReturnType,
  decodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  isAddress,
  maxUint256,
  slice,
} from 'viem';
import type { AddressNamer, KnownAddress } from './address-names.ts';
import { TransactionReviewRejectedError } from './errors.ts';
import type { FeeEstimate } from './local-fees.ts';

/** The assets an amount can be in: the two tokens of the configuration, and ETH (a transaction's value). */
export type ReviewAsset = 'ETH' | 'USDT' | 'AGC';

export const REVIEW_DECIMALS: Record<ReviewAsset, number> = {
  ETH: 18,
  USDT: USDT_DECIMALS,
  AGC: AGC_DECIMALS,
};

/** What a row of the review says (the key of its label: `localWalletPages.review.fields.<label>`). */
export type ReviewLabel = 'amount' | 'spender' | 'recipient' | 'payUsdt' | 'payAgc' | 'receive' | 'value';

export type ReviewField =
  /** An amount in a known asset; `unlimited` for an approval of the largest number (any amount). */
  | { kind: 'amount'; label: ReviewLabel; asset: ReviewAsset; amount: bigint; unlimited: boolean }
  /** An amount of a token the app does not know: its raw units (no decimals to place). */
  | { kind: 'units'; label: ReviewLabel; amount: bigint }
  | { kind: 'address'; label: ReviewLabel; address: Address; name: KnownAddress | null };

export type ReviewWarning = 'unknownContract' | 'unknownFunction' | 'unlimited';

export interface TxReview {
  from: Address;
  to: Address;
  /** The contract's (or recipient's) known name, or null. */
  toName: KnownAddress | null;
  /** The decoded function's name; null for a plain ETH transfer (no data). */
  functionName: string | null;
  /** The first four bytes of the data when the function could not be decoded. */
  selector: Hex | null;
  fields: ReviewField[];
  warnings: ReviewWarning[];
  /** The network fee estimate the transaction is signed with (its total is the most it can cost). */
  fee: FeeEstimate;
}

/**
 * The app's contracts' functions the wallet reads (Transfer.pay, Vault.claim: packages/contracts); ERC-20's come from
 * viem. JSON rather than `parseAbi`, so no ABI parser is shipped for two signatures.
 */
const uint256 = (name: string) => ({ name, type: 'uint256' }) as const;
export const APP_CALLS_ABI = [
  {
    type: 'function',
    name: 'pay',
    stateMutability: 'nonpayable',
    inputs: [
      uint256('orderId'),
      uint256('usdtAmount'),
      uint256('agcAmount'),
      uint256('deadline'),
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'claim',
    stateMutability: 'nonpayable',
    inputs: [
      uint256('id'),
      { name: 'token', type: 'address' },
      uint256('amount'),
      uint256('deadline'),
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [],
  },
] as const;

const REVIEW_ABI = [...erc20Abi, ...APP_CALLS_ABI];

/** The asset of a token contract (by its configured name), or null for another token. */
const assetOf = (name: KnownAddress | null): ReviewAsset | null =>
  name === 'usdt' ? 'USDT' : name === 'token' ? 'AGC' : null;

/** The call in `data`, or null when no function of the ABI has its selector (or the arguments do not decode). */
function decoded(data: Hex): DecodeFunctionDataReturnType<typeof REVIEW_ABI> | null {
  try {
    return decodeFunctionData({ abi: REVIEW_ABI, data });
  } catch {
    return null;
  }
}

export interface UnsignedLocalTx {
  from: Address;
  to: Address;
  data: Hex;
  value: bigint;
}

/** What the transaction does, read from its data (everything but the fee). */
export function describeLocalTx(tx: UnsignedLocalTx, name: AddressNamer): Omit<TxReview, 'fee'> {
  const toName = name(tx.to);
  const fields: ReviewField[] = [];
  const warnings: ReviewWarning[] = [];
  const address = (label: ReviewLabel, a: string): ReviewField => {
    const checked = isAddress(a, { strict: false }) ? getAddress(a) : (a as Address);
    return { kind: 'address', label, address: checked, name: name(checked) };
  };
  const amount = (label: ReviewLabel, asset: ReviewAsset | null, value: bigint): ReviewField =>
    asset === null
      ? { kind: 'units', label, amount: value }
      : { kind: 'amount', label, asset, amount: value, unlimited: value === maxUint256 };
  const base = { from: tx.from, to: tx.to, toName, fields, warnings };
  // Data sent to an address that is none of the app's contracts: whatever it does, the app did not mean it.
  const isAppContract = toName !== null && !['mint', 'burn', 'self'].includes(toName);
  if (!isAppContract && tx.data !== '0x') warnings.push('unknownContract');
  if (tx.value > 0n) fields.push(amount('value', 'ETH', tx.value));
  if (tx.data === '0x' || tx.data.length < 10) {
    // A plain transfer: `to` is the recipient (the review's first row names it).
    return { ...base, functionName: null, selector: tx.data === '0x' ? null : tx.data };
  }
  const call = decoded(tx.data);
  if (!call) {
    warnings.push('unknownFunction');
    return { ...base, functionName: null, selector: slice(tx.data, 0, 4) };
  }
  const token = assetOf(toName);
  switch (call.functionName) {
    case 'approve': {
      const [spender, value] = call.args;
      fields.push(amount('amount', token, value), address('spender', spender));
      if (value === maxUint256) warnings.push('unlimited');
      break;
    }
    case 'transfer': {
      const [recipient, value] = call.args;
      fields.push(amount('amount', token, value), address('recipient', recipient));
      break;
    }
    case 'transferFrom': {
      const [, recipient, value] = call.args;
      fields.push(amount('amount', token, value), address('recipient', recipient));
      break;
    }
    case 'pay': {
      const [, usdt, agc] = call.args;
      fields.push(amount('payUsdt', 'USDT', usdt));
      if (agc > 0n) fields.push(amount('payAgc', 'AGC', agc));
      break;
    }
    case 'claim': {
      const [, claimed, value] = call.args;
      fields.push(amount('receive', assetOf(name(claimed)), value));
      break;
    }
    default:
      // Another ERC-20 function (a read is never sent): named, nothing more to show.
      break;
  }
  return { ...base, functionName: call.functionName, selector: null };
}

/** Asks the member about one transaction; resolves true when approved. */
export type TxReviewPrompt = (review: TxReview) => Promise<boolean>;

/**
 * The review before the local wallet signs `tx` for the app: the fee estimated (a transaction the node refuses to
 * estimate fails here, before anything is asked, as it would have when sent), described, shown; a rejection
 * throws TransactionReviewRejectedError and nothing is signed.
 */
export async function reviewLocalTx(
  tx: UnsignedLocalTx,
  deps: {
    name: AddressNamer;
    estimate: (tx: UnsignedLocalTx) => Promise<FeeEstimate>;
    prompt: TxReviewPrompt;
  },
): Promise<TxReview> {
  const fee = await deps.estimate(tx);
  const review: TxReview = { ...describeLocalTx(tx, deps.name), fee };
  if (!(await deps.prompt(review))) throw new TransactionReviewRejectedError();
  return review;
}
