// Sending from the local wallet: one path for every send (a transfer, a sweep step, a speed-up, a cancel). The
// nonce is chosen, the transaction signed through the local wallet's EIP-1193 provider and recorded in the local
// store inside one nonce lock, so that the next send sees it.
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hash,
  type Hex,
  type PublicClient,
  toHex,
} from 'viem';
import { errorCodes, WalletError } from './errors.ts';
import type { LocalAsset, LocalChain } from './local-chain.ts';
import { estimateLocalFee, type FeeEstimate, readFeePerGas } from './local-fees.ts';
import { nextLocalNonce, replacementFees, withNonceLock } from './local-nonces.ts';
import { localWalletOwnSender } from './local-provider.ts';
import { recordSent, type SentTx, updateSent } from './local-sent.ts';

export interface TransferCall {
  /** The transaction's `to`: the recipient for ETH, the token contract for a token. */
  to: Address;
  data: Hex;
  value: bigint;
}

/** The transaction that moves `amount` (minor units) of `asset` to `recipient`. */
export function transferCall(
  asset: LocalAsset,
  recipient: Address,
  amount: bigint,
  tokens: LocalChain['tokens'],
): TransferCall {
  if (asset === 'ETH') return { to: recipient, data: '0x', value: amount };
  return {
    to: tokens[asset],
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] }),
    value: 0n,
  };
}

/** The fee of a transfer (for ETH, `amount` only matters to a contract recipient; the gas is the same). */
export function estimateTransferFee(
  chain: Pick<LocalChain, 'client' | 'tokens'>,
  from: Address,
  asset: LocalAsset,
  recipient: Address,
  amount: bigint,
): Promise<FeeEstimate> {
  const call = transferCall(asset, recipient, amount, chain.tokens);
  return estimateLocalFee(chain.client, { from, ...call });
}

export interface LocalSend {
  from: Address;
  asset: LocalAsset;
  recipient: Address;
  amount: bigint;
  /** Gas limit and fees per gas to sign with. */
  fee: Pick<FeeEstimate, 'gasLimit' | 'maxFeePerGas' | 'maxPriorityFeePerGas'>;
  kind: SentTx['kind'];
  /** Replacements only: the nonce of the transaction replaced, and its hash. */
  nonce?: number;
  replaces?: Hash;
}

/** Why a send did not leave: the wallet locked itself meanwhile, or the node refused it (its words as the reason). */
export function localSendError(error: unknown): WalletError {
  if (error instanceof WalletError) return error;
  if (errorCodes(error).includes(4100))
    return new WalletError('The local wallet is locked', {
      cause: error,
      code: 4100,
      i18nKey: 'localWalletPages.send.errors.locked',
    });
  const e = error as { details?: unknown; shortMessage?: unknown; message?: unknown } | null;
  const reason = [e?.details, e?.shortMessage, e?.message].find((v) => typeof v === 'string' && v !== '');
  return new WalletError('The network refused the transaction', {
    cause: error,
    i18nKey: 'localWalletPages.send.errors.notSent',
    values: { reason: typeof reason === 'string' ? reason.slice(0, 200) : '-' },
  });
}

async function signAndSend(
  client: PublicClient,
  send: LocalSend,
  tokens: LocalChain['tokens'],
): Promise<SentTx> {
  const call = transferCall(send.asset, send.recipient, send.amount, tokens);
  const nonce = send.nonce ?? (await nextLocalNonce(client, send.from));
  const hash = (await localWalletOwnSender
    .request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: send.from,
          to: call.to,
          data: call.data,
          value: toHex(call.value),
          gas: toHex(send.fee.gasLimit),
          maxFeePerGas: toHex(send.fee.maxFeePerGas),
          maxPriorityFeePerGas: toHex(send.fee.maxPriorityFeePerGas),
          nonce: toHex(nonce),
        },
      ],
    })
    .catch((error: unknown) => {
      throw localSendError(error);
    })) as Hash;
  const tx: SentTx = {
    hash,
    from: send.from,
    to: send.recipient,
    asset: send.asset,
    amount: send.amount.toString(),
    nonce,
    maxFeePerGas: send.fee.maxFeePerGas.toString(),
    maxPriorityFeePerGas: send.fee.maxPriorityFeePerGas.toString(),
    gas: send.fee.gasLimit.toString(),
    kind: send.kind,
    replaces: send.replaces,
    status: 'pending',
    createdAt: Date.now(),
  };
  recordSent(tx);
  return tx;
}

/** Sends a transfer with the next free nonce; resolves once the node took it (not mined). */
export function sendLocal(chain: Pick<LocalChain, 'client' | 'tokens'>, send: LocalSend): Promise<SentTx> {
  return withNonceLock(() => signAndSend(chain.client, send, chain.tokens));
}

/**
 * Replaces a pending transaction with one of the same nonce and fees raised by at least 10%: a speed-up sends the
 * same transfer again, a cancel sends 0 ETH to the wallet itself. The original is marked replaced once the
 * replacement is mined (the follower decides, since either may win).
 */
export function replaceLocal(
  chain: Pick<LocalChain, 'client' | 'tokens'>,
  original: SentTx,
  mode: 'speedUp' | 'cancel',
): Promise<SentTx> {
  return withNonceLock(async () => {
    const current = await readFeePerGas(chain.client);
    const fees = replacementFees(
      {
        maxFeePerGas: BigInt(original.maxFeePerGas),
        maxPriorityFeePerGas: BigInt(original.maxPriorityFeePerGas),
      },
      current,
    );
    const cancel = mode === 'cancel';
    const asset: LocalAsset = cancel ? 'ETH' : original.asset;
    const recipient = cancel ? original.from : original.to;
    const amount = cancel ? 0n : BigInt(original.amount);
    // A cancel's gas: a plain transfer's estimate (on Arbitrum it has an L1 part, so not a fixed 21 000).
    const gasLimit = cancel
      ? (await estimateLocalFee(chain.client, { from: original.from, to: original.from, value: 0n })).gasLimit
      : BigInt(original.gas);
    const tx = await signAndSend(
      chain.client,
      {
        from: original.from,
        asset,
        recipient,
        amount,
        fee: { gasLimit, ...fees },
        kind: mode,
        nonce: original.nonce,
        replaces: original.hash,
      },
      chain.tokens,
    );
    updateSent(original.hash, { replacedBy: tx.hash });
    return tx;
  });
}
