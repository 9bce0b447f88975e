// The local wallet's signing side: key generation/import, unlock, and the EIP-1193 methods.
// The decrypted key lives only in this module's memory after unlock; reloading the page locks it.
import { configResponse } from '@agc/shared';
import {
  type Address,
  createWalletClient,
  getAddress,
  type Hex,
  hexToBigInt,
  http,
  isAddress,
  isHex,
  type TypedDataDefinition,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { request } from '../request.ts';
import { autoLock, ensureAutoLockInstalled } from './auto-lock.ts';
import { ARBITRUM_ONE, parseChainId } from './chain.ts';
import { UserRejectedRequestError, WalletError } from './errors.ts';
import { decryptSecret, encryptSecret, needsRehash } from './local-crypto.ts';
import { forgetHistory } from './local-history.ts';
import { type LocalKeystore, readKeystore, removeKeystore, writeKeystore } from './local-keystore.ts';
import { announceLocalWallet, emitLocal, type UnlockPrompt } from './local-provider.ts';
import type { TxReviewPrompt } from './local-review.ts';
import { forgetSent } from './local-sent.ts';
import { arbitrumChain, publicClientFor } from './rpc.ts';
import { ProviderRpcError } from './types.ts';

export const MIN_PASSWORD_LENGTH = 8;

let unlocked: { account: PrivateKeyAccount; privateKey: Hex } | null = null;

export class PasswordTooShortError extends WalletError {
  override name = 'PasswordTooShortError';
  constructor() {
    super('The password is too short', {
      i18nKey: 'localWallet.errors.passwordTooShort',
      values: { min: MIN_PASSWORD_LENGTH },
    });
  }
}

export class InvalidPrivateKeyError extends WalletError {
  override name = 'InvalidPrivateKeyError';
  constructor(cause?: unknown) {
    super('Not a valid private key', { cause, i18nKey: 'localWallet.errors.invalidKey' });
  }
}

export class NoLocalWalletError extends WalletError {
  override name = 'NoLocalWalletError';
  constructor() {
    super('No local wallet in this browser', { i18nKey: 'localWallet.errors.none' });
  }
}

/** Accepts a 32-byte hex key with or without 0x. */
export function normalizePrivateKey(input: string): Hex {
  const text = input.trim();
  const hex = (
    text.startsWith('0x') || text.startsWith('0X') ? `0x${text.slice(2)}` : `0x${text}`
  ).toLowerCase() as Hex;
  if (!/^0x[0-9a-f]{64}$/.test(hex)) throw new InvalidPrivateKeyError();
  try {
    privateKeyToAccount(hex); // rejects 0 and values above the curve order
  } catch (error) {
    throw new InvalidPrivateKeyError(error);
  }
  return hex;
}

/** The key encrypted with the password as a stored keystore (today's KDF parameters). */
async function sealed(account: PrivateKeyAccount, privateKey: Hex, password: string): Promise<LocalKeystore> {
  const encrypted = await encryptSecret(privateKey, password, {
    additionalData: account.address.toLowerCase(),
  });
  return { version: 1, address: account.address, kdf: 'PBKDF2-SHA256', cipher: 'AES-GCM', ...encrypted };
}

async function store(privateKey: Hex, password: string): Promise<`0x${string}`> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new PasswordTooShortError();
  const account = privateKeyToAccount(privateKey);
  const keystore = await sealed(account, privateKey, password);
  const previous = readKeystore()?.address;
  writeKeystore(keystore);
  unlocked = { account, privateKey };
  armAutoLock();
  announceLocalWallet();
  if (previous?.toLowerCase() !== account.address.toLowerCase())
    emitLocal('accountsChanged', [account.address]);
  return account.address;
}

/** Creates a new random key, stores it encrypted and leaves the wallet unlocked. */
export async function createLocalWallet(password: string): Promise<`0x${string}`> {
  return store(generatePrivateKey(), password);
}

/** Imports an existing key (replacing any stored one), encrypted with the password. */
export async function importLocalWallet(privateKey: string, password: string): Promise<`0x${string}`> {
  return store(normalizePrivateKey(privateKey), password);
}

/** The key is in memory from now: it locks after 15 idle minutes (auto-lock.ts). */
function armAutoLock(): void {
  ensureAutoLockInstalled();
  autoLock.arm(lockLocalWallet);
}

/** The stored key decrypted with `password` (WrongPasswordError when it is not the one). */
async function decryptStored(password: string): Promise<{ account: PrivateKeyAccount; privateKey: Hex }> {
  const keystore = readKeystore();
  if (!keystore) throw new NoLocalWalletError();
  const privateKey = (await decryptSecret(keystore, password, {
    additionalData: keystore.address.toLowerCase(),
  })) as Hex;
  const account = privateKeyToAccount(privateKey);
  if (account.address.toLowerCase() !== keystore.address.toLowerCase())
    throw new WalletError('The stored address does not match the key');
  // Stored with fewer iterations than today's (an older version): the password is at hand, so store it again
  // with today's parameters, once. A failure here leaves the old, still readable copy in place.
  if (needsRehash(keystore)) {
    const upgraded = await sealed(account, privateKey, password);
    if (readKeystore()?.ciphertext === keystore.ciphertext) writeKeystore(upgraded);
  }
  return { account, privateKey };
}

/** Decrypts the stored key into memory. Wrong password → WrongPasswordError. */
export async function unlockLocalWallet(password: string): Promise<`0x${string}`> {
  unlocked = await decryptStored(password);
  armAutoLock();
  return unlocked.account.address;
}

export function lockLocalWallet(): void {
  unlocked = null;
  autoLock.disarm();
}

export function isLocalWalletUnlocked(): boolean {
  return unlocked !== null && readKeystore() !== null;
}

export function localWalletAddress(): `0x${string}` | undefined {
  return readKeystore()?.address;
}

/**
 * The key in clear, for the member's own backup (shown, or written into a keystore file): only with the password
 * typed again now, checked by decrypting the stored key, even when the wallet is unlocked.
 */
export async function revealLocalPrivateKey(password: string): Promise<Hex> {
  return (await decryptStored(password)).privateKey;
}

/** Removes the key from this browser, with what this browser kept about it (sends, the history's cursor). */
export function removeLocalWallet(): void {
  const address = readKeystore()?.address;
  removeKeystore();
  if (address) {
    forgetSent(address);
    forgetHistory(address);
  }
  unlocked = null;
  autoLock.disarm();
  emitLocal('accountsChanged', []);
}

let rpcUrl: Promise<string> | null = null;
function getRpcUrl(): Promise<string> {
  rpcUrl ??= request({ url: '/config', schema: configResponse, silent: true })
    .then((c) => c.rpc_url)
    .catch((error: unknown) => {
      rpcUrl = null;
      throw error;
    });
  return rpcUrl;
}

/** The unlocked key, for a call that uses it (which counts as activity for the auto-lock). */
function requireUnlocked(): { account: PrivateKeyAccount; privateKey: Hex } {
  autoLock.check(); // a key idle past its time is locked before it can sign
  if (!unlocked || !readKeystore()) throw new ProviderRpcError(4100, 'The local wallet is locked');
  autoLock.touch();
  return unlocked;
}

function requireSameAddress(address: unknown): void {
  const current = requireUnlocked().account.address;
  if (typeof address !== 'string' || address.toLowerCase() !== current.toLowerCase()) {
    throw new ProviderRpcError(4100, 'The requested account is not the local wallet account');
  }
}

const quantity = (v: unknown): bigint | undefined =>
  typeof v === 'string' && isHex(v) ? hexToBigInt(v) : undefined;

interface TxParams {
  from?: string;
  to?: Hex;
  data?: Hex;
  value?: string;
  gas?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  nonce?: string;
}

/**
 * The review of an app's transaction before it is signed (local-review.ts): described with the names of the
 * configured contracts, its fee estimated on the configured RPC, shown to the member. Resolves the gas limit and
 * fees per gas to sign with (the estimate shown: its total stays the most the transaction can cost); throws when
 * the member rejects it or the node refuses to estimate it.
 */
async function reviewed(
  account: PrivateKeyAccount,
  tx: TxParams,
  prompt: TxReviewPrompt | null,
): Promise<{ gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  if (!prompt)
    throw new ProviderRpcError(4100, 'The local wallet cannot show its review of a transaction here');
  if (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false }))
    throw new ProviderRpcError(-32602, 'eth_sendTransaction expects a recipient address');
  // Loaded with the first transaction, not with the wallet's page (its route's JavaScript is budgeted).
  const [{ addressNamer }, { loadLocalChain }, { estimateLocalFee }, { reviewLocalTx }] = await Promise.all([
    import('./address-names.ts'),
    import('./local-chain.ts'),
    import('./local-fees.ts'),
    import('./local-review.ts'),
  ]);
  const chain = await loadLocalChain();
  const unsigned = {
    from: account.address,
    to: getAddress(tx.to) as Address,
    data: tx.data ?? '0x',
    value: quantity(tx.value) ?? 0n,
  };
  const { fee } = await reviewLocalTx(unsigned, {
    name: addressNamer(chain.contracts, account.address),
    estimate: (t) => estimateLocalFee(chain.client, t),
    prompt,
  });
  requireUnlocked(); // it may have locked itself while the member was reading
  return {
    gas: fee.gasLimit,
    maxFeePerGas: fee.maxFeePerGas,
    maxPriorityFeePerGas: fee.maxPriorityFeePerGas,
  };
}

/**
 * The EIP-1193 methods of the local wallet. `review`: how a transaction is approved before it is signed — the
 * member's review (the app's transactions), or 'confirmedByPage' for the local wallet's own pages, which confirm
 * exactly what they send themselves (local-send.ts); null refuses every transaction.
 */
export async function handleLocalRequest(
  method: string,
  params: readonly unknown[],
  ctx: { promptUnlock: UnlockPrompt | null; review?: TxReviewPrompt | 'confirmedByPage' | null },
): Promise<unknown> {
  switch (method) {
    case 'eth_requestAccounts': {
      const keystore = readKeystore();
      if (!keystore) throw new ProviderRpcError(4100, 'No local wallet in this browser');
      if (!unlocked) {
        if (!ctx.promptUnlock) throw new ProviderRpcError(4100, 'The local wallet is locked');
        let password: string;
        try {
          password = await ctx.promptUnlock();
        } catch (error) {
          throw new UserRejectedRequestError(error);
        }
        await unlockLocalWallet(password);
      }
      return [requireUnlocked().account.address];
    }
    case 'eth_accounts':
      return unlocked && readKeystore() ? [unlocked.account.address] : [];
    case 'eth_chainId':
      return ARBITRUM_ONE.hex;
    case 'net_version':
      return String(ARBITRUM_ONE.id);
    case 'wallet_switchEthereumChain':
    case 'wallet_addEthereumChain': {
      const chainId = parseChainId((params[0] as { chainId?: unknown } | undefined)?.chainId);
      if (chainId === ARBITRUM_ONE.id) return null;
      throw new ProviderRpcError(4902, 'Unrecognized chain ID: the local wallet only supports Arbitrum One');
    }
    case 'personal_sign': {
      const [data, address] = params;
      requireSameAddress(address);
      if (typeof data !== 'string') throw new ProviderRpcError(-32602, 'personal_sign expects a message');
      const message = isHex(data) ? { raw: data } : data;
      return requireUnlocked().account.signMessage({ message });
    }
    case 'eth_signTypedData_v4': {
      const [address, json] = params;
      requireSameAddress(address);
      const typed = (typeof json === 'string' ? JSON.parse(json) : json) as TypedDataDefinition & {
        types: Record<string, unknown>;
      };
      const { EIP712Domain: _domain, ...types } = typed.types;
      return requireUnlocked().account.signTypedData({ ...typed, types } as TypedDataDefinition);
    }
    case 'eth_sendTransaction': {
      const tx = (params[0] ?? {}) as TxParams;
      if (tx.from) requireSameAddress(tx.from);
      const { account } = requireUnlocked();
      const review = ctx.review ?? null;
      const approved = review === 'confirmedByPage' ? null : await reviewed(account, tx, review);
      const url = await getRpcUrl();
      const client = createWalletClient({ account, chain: arbitrumChain(url), transport: http(url) });
      const maxFeePerGas = approved?.maxFeePerGas ?? quantity(tx.maxFeePerGas);
      const nonce = quantity(tx.nonce);
      const base = {
        to: tx.to,
        data: tx.data,
        value: quantity(tx.value),
        gas: approved?.gas ?? quantity(tx.gas),
        nonce: nonce === undefined ? undefined : Number(nonce),
      };
      return maxFeePerGas !== undefined
        ? client.sendTransaction({
            ...base,
            maxFeePerGas,
            maxPriorityFeePerGas: approved?.maxPriorityFeePerGas ?? quantity(tx.maxPriorityFeePerGas),
          })
        : client.sendTransaction({ ...base, gasPrice: quantity(tx.gasPrice) });
    }
    case 'eth_sign':
    case 'eth_signTransaction':
      throw new ProviderRpcError(4200, `${method} is not supported by the local wallet`);
    default: {
      // Reads (balances, calls, receipts, ...) go to the configured RPC.
      const url = await getRpcUrl();
      return publicClientFor(url).request({ method, params } as never);
    }
  }
}
