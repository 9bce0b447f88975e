// The network fee of a local-wallet transaction on Arbitrum: the L2 execution gas plus the L1 data component
// (Arbitrum's NodeInterface precompile), each with a margin, at an EIP-1559 max fee. The maths are pure (tested
// without a chain); `estimateLocalFee` reads the chain. Amounts are bigint wei, never floats.
import type { Address, Hex, PublicClient } from 'viem';

/** Added to every gas estimate: a transfer's cost moves between the estimate and its block (L1 price, state). */
export const GAS_MARGIN_PERCENT = 20n;
/** maxFeePerGas = base fee × this + priority fee: room for the base fee to double before the transaction waits. */
export const BASE_FEE_MULTIPLIER = 2n;

/** Arbitrum's NodeInterface: not a contract, answered by Arbitrum nodes to eth_call only. */
export const NODE_INTERFACE: Address = '0x00000000000000000000000000000000000000C8';

export const nodeInterfaceAbi = [
  {
    type: 'function',
    name: 'gasEstimateL1Component',
    stateMutability: 'payable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'contractCreation', type: 'bool' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [
      { name: 'gasEstimateForL1', type: 'uint64' },
      { name: 'baseFee', type: 'uint256' },
      { name: 'l1BaseFeeEstimate', type: 'uint256' },
    ],
  },
] as const;

export interface FeePerGas {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface FeeEstimate extends FeePerGas {
  /** The gas limit the transaction is signed with: both components with their margin. */
  gasLimit: bigint;
  /** L2 execution gas (with margin) and its fee at maxFeePerGas. */
  l2Gas: bigint;
  l2Fee: bigint;
  /** L1 data gas (with margin) and its fee; null when the chain has no NodeInterface (not Arbitrum: anvil). */
  l1Gas: bigint | null;
  l1Fee: bigint | null;
  /** The most the transaction can cost: gasLimit × maxFeePerGas (unused gas and fee are not charged). */
  total: bigint;
}

/** The smaller of two bigints (Math.min takes numbers only). */
const smaller = (a: bigint, b: bigint) => (a < b ? a : b);

/** `gas` plus `percent` %, rounded up. */
export function withMargin(gas: bigint, percent: bigint = GAS_MARGIN_PERCENT): bigint {
  if (gas < 0n) throw new RangeError('gas must not be negative');
  return (gas * (100n + percent) + 99n) / 100n;
}

/** maxFeePerGas from the latest base fee and the priority fee. */
export function feePerGas(baseFee: bigint, priorityFee: bigint): FeePerGas {
  return { maxFeePerGas: baseFee * BASE_FEE_MULTIPLIER + priorityFee, maxPriorityFeePerGas: priorityFee };
}

/**
 * The fee of an estimate. Arbitrum's eth_estimateGas already counts the L1 data gas (in L2 gas units), so the
 * execution part is the estimate minus the L1 part; each gets the margin and the two are summed. Without the L1
 * figure (null) the whole estimate is execution and the L1 part is reported as unavailable.
 */
export function feeFromEstimate(input: {
  estimatedGas: bigint;
  l1Gas: bigint | null;
  fees: FeePerGas;
  marginPercent?: bigint;
}): FeeEstimate {
  const { estimatedGas, fees } = input;
  const margin = input.marginPercent ?? GAS_MARGIN_PERCENT;
  const l1Raw = input.l1Gas === null ? null : smaller(input.l1Gas, estimatedGas);
  const l2Gas = withMargin(estimatedGas - (l1Raw ?? 0n), margin);
  const l1Gas = l1Raw === null ? null : withMargin(l1Raw, margin);
  const l2Fee = l2Gas * fees.maxFeePerGas;
  const l1Fee = l1Gas === null ? null : l1Gas * fees.maxFeePerGas;
  return {
    ...fees,
    gasLimit: l2Gas + (l1Gas ?? 0n),
    l2Gas,
    l2Fee,
    l1Gas,
    l1Fee,
    total: l2Fee + (l1Fee ?? 0n),
  };
}

/**
 * The most that can be sent of an asset: for ETH the balance minus the fee (never below zero), for a token its
 * whole balance (the fee is paid in ETH).
 */
export function maxSendable(asset: 'ETH' | 'USDT' | 'AGC', balance: bigint, fee: bigint): bigint {
  if (asset !== 'ETH') return balance;
  return balance > fee ? balance - fee : 0n;
}

/** The L1 data gas of a call, or null when the chain does not answer (no NodeInterface: anvil, a non-Arbitrum RPC). */
export async function readL1Gas(client: PublicClient, to: Address, data: Hex): Promise<bigint | null> {
  try {
    const { result } = await client.simulateContract({
      address: NODE_INTERFACE,
      abi: nodeInterfaceAbi,
      functionName: 'gasEstimateL1Component',
      args: [to, false, data],
    });
    return result[0];
  } catch {
    return null;
  }
}

/** The current fees per gas: the latest block's base fee and the node's priority fee (0 when it has none). */
export async function readFeePerGas(client: PublicClient): Promise<FeePerGas> {
  const block = await client.getBlock({ blockTag: 'latest' });
  const priority = await client.estimateMaxPriorityFeePerGas().catch(() => 0n);
  return feePerGas(block.baseFeePerGas ?? 0n, priority);
}

/** Estimates the fee of a transaction from `from` (execution gas, L1 data gas, fees per gas). */
export async function estimateLocalFee(
  client: PublicClient,
  tx: { from: Address; to: Address; data?: Hex; value?: bigint },
): Promise<FeeEstimate> {
  const [estimatedGas, l1Gas, fees] = await Promise.all([
    client.estimateGas({ account: tx.from, to: tx.to, data: tx.data, value: tx.value }),
    readL1Gas(client, tx.to, tx.data ?? '0x'),
    readFeePerGas(client),
  ]);
  return feeFromEstimate({ estimatedGas, l1Gas, fees });
}
