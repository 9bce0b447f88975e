import { BaseError, ContractFunctionRevertedError } from 'viem';

/** The custom error a contract call reverted with (`reverted` without one), or null when it is not a revert. */
export function revertName(err: unknown): string | null {
  const revert =
    err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : null;
  return revert instanceof ContractFunctionRevertedError ? (revert.data?.errorName ?? 'reverted') : null;
}
