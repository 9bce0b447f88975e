import type { Address } from 'viem';

/**
 * EIP-712 domain of an AGCFund contract: the name its EIP712 constructor was given ("AGCFund
 * Transfer", "AGCFund Vault"), version "1", the chain and the contract, so a signature is useless
 * on any other contract or chain.
 */
export function contractDomain(name: string, chainId: number, verifyingContract: Address) {
  return { name, version: '1', chainId, verifyingContract } as const;
}
