import type { Address, Hex, LocalAccount } from 'viem';
import { contractDomain } from './typed-data.ts';

/** EIP-712 types of a Vault withdrawal voucher; must match WITHDRAW_TYPEHASH in Vault.sol. */
export const withdrawTypes = {
  Withdraw: [
    { name: 'id', type: 'uint256' },
    { name: 'account', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

export interface WithdrawVoucher {
  id: bigint;
  /** The only address that can redeem the voucher (it is checked against msg.sender). */
  account: Address;
  token: Address;
  amount: bigint;
  /** Unix seconds; the claim reverts with Expired() once block.timestamp is past it. */
  deadline: bigint;
}

export function vaultDomain(chainId: number, vault: Address) {
  return contractDomain('AGCFund Vault', chainId, vault);
}

export function signWithdrawVoucher(
  signer: LocalAccount,
  chainId: number,
  vault: Address,
  voucher: WithdrawVoucher,
): Promise<Hex> {
  return signer.signTypedData({
    domain: vaultDomain(chainId, vault),
    types: withdrawTypes,
    primaryType: 'Withdraw',
    message: voucher,
  });
}
