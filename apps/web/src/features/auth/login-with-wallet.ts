// Sign-in: connect → Arbitrum One → nonce → SIWE message → personal_sign → POST /auth.
import type { AuthResponse, PublicConfig } from '@agc/shared';
import { buildSiweMessage } from '@agc/shared/siwe';
import { personalSign, requestAccount } from '@web/lib/wallet/account.ts';
import { ensureChain } from '@web/lib/wallet/chain.ts';
import type { DiscoveredWallet } from '@web/lib/wallet/discovery.ts';
import { getNonce } from './api/get-nonce.ts';
import { postAuth } from './api/post-auth.ts';
import type { Invite } from './invite.ts';

export type LoginStep = 'connect' | 'chain' | 'nonce' | 'sign' | 'auth';

export async function loginWithWallet(args: {
  wallet: DiscoveredWallet;
  config: PublicConfig;
  invite: Invite;
  onStep?: (step: LoginStep) => void;
}): Promise<AuthResponse & { account: `0x${string}` }> {
  const { provider } = args.wallet;
  args.onStep?.('connect');
  const account = await requestAccount(provider);
  args.onStep?.('chain');
  await ensureChain(provider, args.config);
  args.onStep?.('nonce');
  const { nonce } = await getNonce(account);
  const message = buildSiweMessage({ config: args.config, address: account, nonce });
  args.onStep?.('sign');
  const signature = await personalSign(provider, message, account);
  args.onStep?.('auth');
  const result = await postAuth({
    message,
    signature,
    ...(args.invite.code ? { invite_code: args.invite.code } : {}),
    ...(args.invite.side ? { side: args.invite.side } : {}),
  });
  return { ...result, account };
}
