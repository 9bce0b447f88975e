import { Address } from '@web/components/Address.tsx';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { QrCode } from '@web/components/QrCode.tsx';
import { COPY_TOAST_DURATION, copyToClipboard } from '@web/lib/clipboard.ts';
import { toast } from '@web/lib/ui.ts';
import { useTranslation } from 'react-i18next';
import type { LocalWalletState } from '../hooks/use-local-wallet.tsx';
import { ActionError, PasswordField } from './FormParts.tsx';

/** Copies the address with the spec's 'Copy success' toast (1 s). */
async function copyAddress(address: string, t: (key: string) => string) {
  const copied = await copyToClipboard(address);
  await toast(t(copied ? 'common.copySuccess' : 'common.copyFailed'), COPY_TOAST_DURATION);
}

/** The stored wallet: its address (to receive: QR and copy) and whether it is unlocked. */
export function WalletStatus({ address, unlocked }: { address: string; unlocked: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card local-address-card">
      <p className="muted">{t('localWallet.address')}</p>
      <div className="local-qr">
        <QrCode value={address} size={168} testId="local-qr" />
      </div>
      <Address address={address} full copy={false} testId="local-address" />
      <BlockButton
        variant="secondary"
        className="local-copy"
        testId="local-address-copy"
        onClick={() => void copyAddress(address, t)}
      >
        {t('common.copyAddress')}
      </BlockButton>
      <p className="muted small" data-testid="local-status">
        {t(unlocked ? 'localWallet.unlocked' : 'localWallet.locked')}
      </p>
      {unlocked && <p className="muted small">{t('localWalletPages.autoLock.hint')}</p>}
    </section>
  );
}

/** Locked: its password unlocks it (the key is decrypted into memory until the page reloads or it locks). */
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
        error={!wallet.purpose && wallet.errorField === 'password' ? wallet.error : null}
      />
      {/* The password asked again (export, reveal) shows its error by its own form. */}
      <ActionError error={wallet.purpose || wallet.errorField ? null : wallet.error} />
      <BlockButton
        variant="primary"
        type="submit"
        testId="local-unlock"
        busy={wallet.busy}
        busyLabel={t('localWallet.busy.unlock')}
      >
        {t('localWallet.unlock')}
      </BlockButton>
    </form>
  );
}

/** What "Use it to log in" shows: absent when signed in already; `step` is the sign-in's text while it runs. */
export interface UseToLogin {
  onClick: () => void;
  step: string | null;
}

/** Unlocked: sign in with it (when signed out), or lock it now. */
export function UnlockedActions({ wallet, login }: { wallet: LocalWalletState; login?: UseToLogin }) {
  const { t } = useTranslation();
  return (
    <section className="stack">
      {login && (
        <BlockButton
          testId="local-use-login"
          variant="primary"
          onClick={login.onClick}
          busy={login.step !== null}
          keepLabel
        >
          {login.step ?? t('localWallet.useToLogin')}
        </BlockButton>
      )}
      <BlockButton testId="local-lock" variant="secondary" onClick={wallet.lock}>
        {t('localWalletPages.index.lockNow')}
      </BlockButton>
    </section>
  );
}
