import { devAttester, devQuoteSigner, devVoucherSigner } from '@agc/contracts';
import type { AppContext } from '@server/context.ts';
import type { LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const vouchers = new WeakMap<AppContext, LocalAccount>();
const quotes = new WeakMap<AppContext, LocalAccount>();
const attesters = new WeakMap<AppContext, LocalAccount>();

function cached(map: WeakMap<AppContext, LocalAccount>, ctx: AppContext, make: () => LocalAccount) {
  let account = map.get(ctx);
  if (!account) {
    account = make();
    map.set(ctx, account);
  }
  return account;
}

/**
 * The key that signs withdrawal vouchers (and may cancel them): SIGNER_PRIVATE_KEY (required with a real
 * network), or on a local chain the dev signer the runtime deployed the vault with.
 */
export const voucherSigner = (ctx: AppContext): LocalAccount =>
  cached(vouchers, ctx, () =>
    ctx.config.chain.signerKey ? privateKeyToAccount(ctx.config.chain.signerKey) : devVoucherSigner(),
  );

/**
 * The key that signs payment quotes: QUOTE_SIGNER_PRIVATE_KEY (required with a real network), or on a
 * local chain the dev quote signer the runtime deployed the payment contract with.
 */
export const quoteSigner = (ctx: AppContext): LocalAccount =>
  cached(quotes, ctx, () =>
    ctx.config.chain.quoteSignerKey ? privateKeyToAccount(ctx.config.chain.quoteSignerKey) : devQuoteSigner(),
  );

/**
 * The key that publishes proof-of-liabilities roots: ATTESTER_PRIVATE_KEY (with a real network's attestation
 * contract), or on a local chain the dev attester the runtime deployed the contract with.
 */
export const attester = (ctx: AppContext): LocalAccount =>
  cached(attesters, ctx, () =>
    ctx.config.chain.attesterKey ? privateKeyToAccount(ctx.config.chain.attesterKey) : devAttester(),
  );
