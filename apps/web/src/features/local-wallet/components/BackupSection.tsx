import { BlockButton, CancelButton } from '@web/components/BlockButton.tsx';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalWalletState } from '../hooks/use-local-wallet.tsx';
import { ActionError, PasswordField } from './FormParts.tsx';

/**
 * Back up the key: a keystore file (JSON v3, what other wallets import) or the key in clear. Both ask for the
 * password again, checked by decrypting the stored key; the key shows until hidden, locked or left.
 */
export function BackupSection({ wallet }: { wallet: LocalWalletState }) {
  const { t } = useTranslation();
  const percent = wallet.progress === null ? null : Math.floor(wallet.progress * 100);
  const form = useRef<HTMLFormElement>(null);
  // Asked from the remove dialog too (export first): bring the password field into view, ready to type.
  useEffect(() => {
    if (!wallet.purpose) return;
    form.current?.scrollIntoView?.({ block: 'center' });
    form.current?.querySelector('input')?.focus();
  }, [wallet.purpose]);
  return (
    <section className="card stack" data-testid="local-backup">
      <h2 className="card-title">{t('localWalletPages.keystore.title')}</h2>
      <p className="muted small">{t('localWalletPages.keystore.hint')}</p>
      {wallet.purpose ? (
        <form
          ref={form}
          className="form stack"
          onSubmit={wallet.submitPassword}
          data-testid="local-check-form"
        >
          <p className="small">
            {t(
              wallet.purpose === 'export'
                ? 'localWalletPages.keystore.passwordForFile'
                : 'localWalletPages.reveal.passwordForKey',
            )}
          </p>
          <PasswordField
            label={t('localWallet.password')}
            testId="local-check-password"
            autoComplete="current-password"
            value={wallet.form.checkPassword}
            onChange={wallet.form.setCheckPassword}
            error={wallet.errorField === 'password' ? wallet.error : null}
          />
          <ActionError error={wallet.errorField ? null : wallet.error} />
          <BlockButton
            variant="primary"
            type="submit"
            testId="local-check-submit"
            busy={wallet.busy}
            busyLabel={
              percent === null
                ? t('localWallet.busy.unlock')
                : t('localWalletPages.keystore.encrypting', { percent })
            }
          >
            {t(
              wallet.purpose === 'export'
                ? 'localWalletPages.keystore.export'
                : 'localWalletPages.reveal.show',
            )}
          </BlockButton>
          <CancelButton testId="local-check-cancel" variant="secondary" onClick={wallet.cancelPassword} />
        </form>
      ) : (
        <>
          <BlockButton
            testId="local-export-keystore"
            variant="secondary"
            onClick={() => wallet.askPassword('export')}
          >
            {t('localWalletPages.keystore.export')}
          </BlockButton>
          <BlockButton testId="local-reveal" variant="secondary" onClick={() => wallet.askPassword('reveal')}>
            {t('localWallet.exportKey')}
          </BlockButton>
        </>
      )}
      {wallet.revealed && (
        <section className="local-revealed" aria-label={t('localWalletPages.reveal.title')}>
          <p className="error-text small">{t('localWallet.exportWarning')}</p>
          <code className="break" data-testid="local-private-key">
            {wallet.revealed}
          </code>
          <BlockButton testId="local-hide-key" variant="secondary" onClick={wallet.hideKey}>
            {t('localWalletPages.reveal.hide')}
          </BlockButton>
        </section>
      )}
    </section>
  );
}
