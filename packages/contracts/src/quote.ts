import type { Address, Hex, LocalAccount } from 'viem';
import { contractDomain } from './typed-data.ts';

/** EIP-712 types of a Transfer payment quote; must match QUOTE_TYPEHASH in Transfer.sol. */
export const quoteTypes = {
  Quote: [
    { name: 'orderId', type: 'uint256' },
    { name: 'payer', type: 'address' },
    { name: 'usdtAmount', type: 'uint256' },
    { name: 'agcAmount', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

export interface PaymentQuote {
  orderId: bigint;
  /** The only address that can pay with the quote (it is checked against msg.sender). */
  payer: Address;
  /** USDT base units (6 decimals); must be > 0. */
  usdtAmount: bigint;
  /** AGC base units (18 decimals); 0 for none. */
  agcAmount: bigint;
  /** Unix seconds; the payment reverts with Expired() once block.timestamp is past it. */
  deadline: bigint;
}

export function transferDomain(chainId: number, transfer: Address) {
  return contractDomain('AGCFund Transfer', chainId, transfer);
}

/** Signs the quote Transfer.pay requires; `signer` must be the contract's quoteSigner. */
export function signPaymentQuote(
  signer: LocalAccount,
  chainId: number,
  transfer: Address,
  quote: PaymentQuote,
): Promise<Hex> {
  return signer.signTypedData({
    domain: transferDomain(chainId, transfer),
    types: quoteTypes,
    primaryType: 'Quote',
    message: quote,
  });
}
