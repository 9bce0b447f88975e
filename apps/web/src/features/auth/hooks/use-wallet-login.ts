import type { PublicConfig } from '@agc/shared';
import { errorText } from '@web/lib/errors.ts';
import { reLaunch } from '@web/lib/navigation.ts';
import { startSession } from '@web/lib/session.ts';
import { type DiscoveredWallet, discoverWallets } from '@web/lib/wallet/discovery.ts';
import { setActiveWallet } from '@web/lib/wallet/session.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invite } from '../invite.ts';
import type { LoginStep } from '../login-with-wallet.ts';

type Flow = typeof import('../sign-in-flow.ts');

/**
 * Sign-in with a wallet (SIWE; a new address registers with `invite`), then the session starts and the app goes
 * on to `target` (the page asked for, or home). `connect` is the login page's "Connect Wallet": it finds the
 * wallets (the member picks one when there are several); `connectWith` signs in with a wallet already known (the
 * local wallet's "Use it to log in"). `step` is where it is, `error` what went wrong (a refusal in the wallet
 * just ends the attempt), `noWallet` when the browser has none.
 */
export function useWalletLogin({
  invite,
  loadConfig,
  target,
}: {
  invite: Invite;
  loadConfig: () => Promise<PublicConfig>;
  /** Where to go once signed in: a path the caller has checked (`afterLoginTarget`). */
  target: string;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<LoginStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [noWallet, setNoWallet] = useState(false);

  const signIn = async (choose: (flow: Flow) => Promise<DiscoveredWallet | undefined>) => {
    if (step) return;
    setError(null);
    setNoWallet(false);
    setStep('connect');
    let flow: Flow | undefined;
    try {
      // The picker, the signing flow (SIWE, checksums) and the wallet's errors load on the first click.
      const [loaded, cfg] = await Promise.all([import('../sign-in-flow.ts'), loadConfig()]);
      flow = loaded;
      const wallet = await choose(loaded);
      if (!wallet) return;
      const result = await loaded.loginWithWallet({ wallet, config: cfg, invite, onStep: setStep });
      setActiveWallet(wallet);
      startSession(result.token, result.address || result.account, wallet.info.rdns);
      await reLaunch(target);
    } catch (e) {
      // A refusal in the wallet just ends the attempt; everything else is said on the page.
      if (!flow?.isUserRejection(e)) setError(errorText(e, t));
    } finally {
      setStep(null);
    }
  };

  const connect = () =>
    signIn(async (flow) => {
      const wallets = await discoverWallets();
      const [only] = wallets;
      if (!only) {
        setNoWallet(true);
        return undefined;
      }
      return wallets.length === 1 ? only : flow.pickWallet(wallets, t);
    });

  const connectWith = (wallet: DiscoveredWallet) => signIn(async () => wallet);

  return { step, error, noWallet, connect, connectWith };
}
