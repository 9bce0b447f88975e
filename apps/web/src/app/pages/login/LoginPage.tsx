import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readInvite } from '../../../features/auth/invite.ts';
import type { LoginStep } from '../../../features/auth/login-with-wallet.ts';
import { configQueryOptions, usePublicConfig } from '../../../features/config/api/get-config.ts';
import { errorText } from '../../../lib/errors.ts';
import { navigateTo, switchTab } from '../../../lib/navigation.ts';
import { paths } from '../../../lib/paths.ts';
import { startSession } from '../../../lib/session.ts';
import { discoverWallets } from '../../../lib/wallet/discovery.ts';
import { isUserRejection } from '../../../lib/wallet/errors.ts';
import { setActiveWallet } from '../../../lib/wallet/session.ts';
import { pickWallet } from './pick-wallet.tsx';

const ignore = () => undefined;

/** Sign in with a browser wallet (SIWE). A new address registers with the invite of the URL. */
export default function LoginPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const invite = useMemo(() => readInvite(search), [search]);
  const config = usePublicConfig();
  const [step, setStep] = useState<LoginStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [noWallet, setNoWallet] = useState(false);

  const localWalletUrl = `${paths.localWallet}${search.toString() ? `?${search.toString()}` : ''}`;

  const connect = async () => {
    if (step) return;
    setError(null);
    setNoWallet(false);
    setStep('connect');
    try {
      const cfg = config.data ?? (await queryClient.fetchQuery(configQueryOptions));
      const wallets = await discoverWallets();
      const [only] = wallets;
      if (!only) {
        setNoWallet(true);
        return;
      }
      const wallet = wallets.length === 1 ? only : await pickWallet(wallets, t);
      // The signing flow (SIWE, checksums) loads on the first click, not with the page.
      const { loginWithWallet } = await import('../../../features/auth/login-with-wallet.ts');
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

  return (
    <div className="page login">
      <section className="login-hero">
        <div className="login-logo" aria-hidden="true">
          AGC
        </div>
        <h2>{t('app.title')}</h2>
        <p className="muted">{t('login.subtitle')}</p>
      </section>

      {invite.code && (
        <section className="card" data-testid="login-invite">
          <p>{t('login.inviteCode', { code: invite.code })}</p>
          {invite.side && (
            <p className="muted">{t('login.inviteSide', { side: t(`login.side.${invite.side}`) })}</p>
          )}
        </section>
      )}

      {config.data && (
        <p className="login-bonus muted" data-testid="login-bonus">
          {t('invite.bonus', {
            referral: config.data.rates.referral_max,
            pairing: config.data.rates.pairing_max,
            static: config.data.rates.static_max,
          })}
        </p>
      )}

      <button
        type="button"
        className="btn btn-primary btn-block"
        data-testid="login-connect"
        disabled={step !== null}
        aria-busy={step !== null}
        onClick={() => void connect()}
      >
        {step ? t(`login.steps.${step}`) : t('login.connect')}
      </button>

      {error && (
        <p className="error-text" role="alert" data-testid="login-error">
          {error}
        </p>
      )}

      {noWallet && (
        <section className="card notice" role="alert" data-testid="login-no-wallet">
          <p>{t('wallet.errors.notFound')}</p>
          <p className="muted">{t('login.noWalletHint')}</p>
        </section>
      )}

      <button
        type="button"
        className="btn btn-link btn-block"
        data-testid="login-local-wallet"
        onClick={() => void navigateTo(localWalletUrl).catch(ignore)}
      >
        {t('login.useLocalWallet')}
      </button>
    </div>
  );
}
