import type { PublicConfig } from '@agc/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { switchTab } from '../../../lib/navigation.ts';
import { paths } from '../../../lib/paths.ts';
import { startSession } from '../../../lib/session.ts';
import { discoverWallets } from '../../../lib/wallet/discovery.ts';
import { isUserRejection } from '../../../lib/wallet/errors.ts';
import { setActiveWallet } from '../../../lib/wallet/session.ts';
import { pickWallet } from '../components/pick-wallet.tsx';
import type { Invite } from '../invite.ts';
import type { LoginStep } from '../login-with-wallet.ts';

/**
 * "Connect Wallet" for the login page: find the wallets (the member picks one when there are several), sign in
 * with it (SIWE; a new address registers with `invite`), start the session and go home. `step` is where it is,
 * `error` what went wrong (a refusal in the wallet just ends the attempt), `noWallet` when the browser has none.
 */
export function useWalletLogin({
  invite,
  loadConfig,
}: {
  invite: Invite;
  loadConfig: () => Promise<PublicConfig>;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<LoginStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [noWallet, setNoWallet] = useState(false);

  const connect = async () => {
    if (step) return;
    setError(null);
    setNoWallet(false);
    setStep('connect');
    try {
      const cfg = await loadConfig();
      const wallets = await discoverWallets();
      const [only] = wallets;
      if (!only) {
        setNoWallet(true);
        return;
      }
      const wallet = wallets.length === 1 ? only : await pickWallet(wallets, t);
      // The signing flow (SIWE, checksums) loads on the first click, not with the page.
      const { loginWithWallet } = await import('../login-with-wallet.ts');
      const result = await loginWithWallet({ wallet, config: cfg, invite, onStep: setStep });
      setActiveWallet(wallet);
      startSession(result.token, result.address || result.account, wallet.info.rdns);
      await switchTab(paths.home);
    } catch (e) {
      // A refusal in the wallet just ends the attempt; everything else is said on the page.
      if (!isUserRejection(e)) setError(errorText(e, t));
    } finally {
      setStep(null);
    }
  };

  return { step, error, noWallet, connect };
}
