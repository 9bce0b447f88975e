// The send form's rules, pure: the recipient's EIP-55 check, the amount as typed, and whether the balances cover
// amount and fee. Each failure is a key of localWalletPages.send.errors (or the withdrawal's shared spec texts).
import { readTypedAmount, type TypedAmountError } from '@agc/shared';
import type { LocalAsset } from '@web/lib/wallet/local-chain.ts';
import { type Address, getAddress } from 'viem';

export type RecipientError = 'addressRequired' | 'addressInvalid' | 'addressChecksum';

/**
 * A recipient as typed: 0x and 40 hex digits; all-lowercase or all-uppercase digits are taken as unchecksummed,
 * mixed case must be the EIP-55 checksum (a mistyped letter would otherwise send to an address nobody holds).
 */
export function readRecipient(
  input: string,
): { ok: true; address: Address } | { ok: false; error: RecipientError } {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'addressRequired' };
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return { ok: false, error: 'addressInvalid' };
  const digits = text.slice(2);
  const checksummed = getAddress(text);
  if (digits !== digits.toLowerCase() && digits !== digits.toUpperCase() && checksummed !== text)
    return { ok: false, error: 'addressChecksum' };
  return { ok: true, address: checksummed };
}

/** The amount typed, in the asset's minor units (readTypedAmount: no exponent, no sign, not too many decimals). */
export function readSendAmount(
  input: string,
  decimals: number,
): { ok: true; units: bigint } | { ok: false; error: TypedAmountError } {
  return readTypedAmount(input.trim(), decimals);
}

export type BalanceError = 'insufficientBalance' | 'insufficientToken' | 'insufficientFee';

/** The translation key of a balance failure: the spec's two texts, and the fee of a token send. */
export const BALANCE_ERROR_KEYS: Record<BalanceError, string> = {
  insufficientBalance: 'withdraw.errors.insufficient_usdt',
  insufficientToken: 'withdraw.errors.insufficient_agc',
  insufficientFee: 'localWalletPages.send.errors.insufficientFee',
};

/**
 * Whether the wallet can send `amount` of `asset` paying `fee` (wei): ETH must cover amount + fee; a token's
 * balance must cover the amount and ETH the fee.
 */
export function checkSendBalances(
  asset: LocalAsset,
  amount: bigint,
  balances: { ETH: bigint; USDT: bigint; AGC: bigint },
  fee: bigint,
): BalanceError | null {
  if (asset === 'ETH') return amount + fee > balances.ETH ? 'insufficientBalance' : null;
  if (amount > balances[asset]) return 'insufficientToken';
  return fee > balances.ETH ? 'insufficientFee' : null;
}

export type RecipientWarning = 'self' | 'tokenContract' | 'contract';

/**
 * Warnings (not blocks) about a recipient: the wallet itself, one of the token contracts (tokens sent to a token
 * contract are usually lost), or any other address with code.
 */
export function recipientWarning(
  recipient: Address,
  from: Address,
  tokens: readonly Address[],
  hasCode: boolean,
): RecipientWarning | null {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  if (same(recipient, from)) return 'self';
  if (tokens.some((t) => same(t, recipient))) return 'tokenContract';
  return hasCode ? 'contract' : null;
}
