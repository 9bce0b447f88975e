import { BlockButton } from '@web/components/BlockButton.tsx';
import { FieldError } from '@web/components/FormMessages.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { MIN_PASSWORD_LENGTH } from '@web/lib/wallet/local.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateMode, LocalWalletState } from '../hooks/use-local-wallet.tsx';
import type { WalletField } from '../hooks/use-wallet-action.ts';
import { ActionError, PasswordField, SecretField } from './FormParts.tsx';
import { ImportProgressBar } from './ImportProgressBar.tsx';

/** No wallet yet: create a key or import one (the mode switch), under a password typed twice. */
export function CreateWalletForm({ wallet }: { wallet: LocalWalletState }) {
  const { t } = useTranslation();
  const { form } = wallet;
  const options: { key: CreateMode; label: string }[] = [
    { key: 'create', label: t('localWallet.create') },
    { key: 'import', label: t('localWallet.import') },
    { key: 'file', label: t('localWalletPages.keystore.importMode') },
  ];
  const fileErrorId = useId();
  /** The message about `field`; an error about none of them is the form's, above the button. */
  const errorOn = (field: WalletField) => wallet.errorOn(field);
  return (
    <>
      <Segmented
        options={options}
        value={form.mode}
        onChange={form.setMode}
        testIdPrefix="local-mode"
        disabled={wallet.busy}
      />
      <form className="card form" onSubmit={wallet.create} aria-busy={wallet.busy || undefined}>
        {/* Nothing can be changed while the key is derived and encrypted (several seconds for a file). */}
        <fieldset className="local-form-fields" disabled={wallet.busy}>
          {form.mode === 'import' && (
            <SecretField
              label={t('localWallet.privateKey')}
              testId="local-import-key"
              value={form.privateKey}
              onChange={form.setPrivateKey}
              placeholder="0x…"
              error={errorOn('key')}
            />
          )}
          {form.mode === 'file' && (
            <>
              <label>
                <span>{t('localWalletPages.keystore.file')}</span>
                <input
                  className="input"
                  type="file"
                  accept=".json,application/json,text/plain"
                  data-testid="local-keystore-file"
                  aria-invalid={errorOn('file') ? true : undefined}
                  aria-describedby={errorOn('file') ? fileErrorId : undefined}
                  onChange={(e) => form.pickFile(e.target.files?.[0])}
                />
              </label>
              <FieldError id={fileErrorId} testId="local-keystore-file-error" error={errorOn('file')} />
              <PasswordField
                label={t('localWalletPages.keystore.filePassword')}
                testId="local-keystore-password"
                autoComplete="current-password"
                value={form.filePassword}
                onChange={form.setFilePassword}
                error={errorOn('filePassword')}
              />
              <p className="muted small">{t('localWalletPages.keystore.newPasswordHint')}</p>
            </>
          )}
          <PasswordField
            label={t('localWallet.password')}
            testId="local-password"
            autoComplete="new-password"
            value={form.password}
            onChange={form.setPassword}
            error={errorOn('password')}
          />
          <PasswordField
            label={t('localWallet.confirmPassword')}
            testId="local-password-confirm"
            autoComplete="new-password"
            value={form.confirm}
            onChange={form.setConfirm}
            error={errorOn('confirm')}
          />
          <p className="muted small">{t('localWallet.passwordHint', { min: MIN_PASSWORD_LENGTH })}</p>
        </fieldset>
        <ImportProgressBar progress={wallet.importing} />
        <ActionError error={wallet.errorField ? null : wallet.error} />
        <BlockButton
          variant="primary"
          type="submit"
          testId="local-submit"
          busy={wallet.busy}
          // Short (one line in every language): the status above the button says how far it is.
          busyLabel={
            wallet.importing?.phase === 'decrypt'
              ? t('localWalletPages.keystore.decryptingWait')
              : t('localWallet.busy.encrypt')
          }
        >
          {t(
            form.mode === 'create'
              ? 'localWallet.create'
              : form.mode === 'import'
                ? 'localWallet.import'
                : 'localWalletPages.keystore.import',
          )}
        </BlockButton>
      </form>
    </>
  );
}
