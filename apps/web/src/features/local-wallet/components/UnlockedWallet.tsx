import { useTranslation } from 'react-i18next';
import type { LocalWalletState } from '../hooks/use-local-wallet.tsx';
import { PasswordField, SubmitButton, WalletButton } from './FormParts.tsx';

/** The stored wallet: its address and whether it is unlocked. */
export function WalletStatus({ address, unlocked }: { address: string; unlocked: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <p className="muted">{t('localWallet.address')}</p>
      <p className="break" data-testid="local-address">
        {address}
      </p>
      <p className="muted small" data-testid="local-status">
        {t(unlocked ? 'localWallet.unlocked' : 'localWallet.locked')}
      </p>
    </section>
  );
}

/** Locked: its password unlocks it (the key is decrypted into memory until the page reloads). */
export function UnlockForm({ wallet }: { wallet: LocalWalletState }) {
  const { t } = useTranslation();
  return (
    <form className="card form" onSubmit={wallet.unlock}>
      <PasswordField
        label={t('localWallet.password')}
        testId="local-unlock-password"
        autoComplete="current-password"
        value={wallet.form.password}
        onChange={wallet.form.setPassword}
      />
      <SubmitButton
        testId="local-unlock"
        busy={wallet.busy}
        label={t('localWallet.unlock')}
        busyLabel={t('localWallet.busy.unlock')}
      />
    </form>
  );
}

/** What "Use it to log in" shows: absent when signed in already; `step` is the sign-in's text while it runs. */
export interface UseToLogin {
  onClick: () => void;
  step: string | null;
}

/** Unlocked: sign in with it (when signed out), lock it, or show its key. */
export function UnlockedActions({ wallet, login }: { wallet: LocalWalletState; login?: UseToLogin }) {
  const { t } = useTranslation();
  return (
    <section className="stack">
      {login && (
        <WalletButton
          testId="local-use-login"
          variant="primary"
          onClick={login.onClick}
          busy={login.step !== null}
        >
          {login.step ?? t('localWallet.useToLogin')}
        </WalletButton>
      )}
      <WalletButton testId="local-lock" variant="secondary" onClick={wallet.lock}>
        {t('localWallet.lock')}
      </WalletButton>
      <WalletButton testId="local-export" variant="secondary" onClick={wallet.exportKey}>
        {t('localWallet.exportKey')}
      </WalletButton>
    </section>
  );
}
