import { useTranslation } from 'react-i18next';
import { Segmented } from '../../../components/Segmented.tsx';
import { MIN_PASSWORD_LENGTH } from '../../../lib/wallet/local.ts';
import type { CreateMode, LocalWalletState } from '../hooks/use-local-wallet.tsx';
import { PasswordField, SecretField, SubmitButton } from './FormParts.tsx';

/** No wallet yet: create a key or import one (the mode switch), under a password typed twice. */
export function CreateWalletForm({ wallet }: { wallet: LocalWalletState }) {
  const { t } = useTranslation();
  const { form } = wallet;
  const options: { key: CreateMode; label: string }[] = [
    { key: 'create', label: t('localWallet.create') },
    { key: 'import', label: t('localWallet.import') },
  ];
  return (
    <>
      <Segmented options={options} value={form.mode} onChange={form.setMode} testIdPrefix="local-mode" />
      <form className="card form" onSubmit={wallet.create}>
        {form.mode === 'import' && (
          <SecretField
            label={t('localWallet.privateKey')}
            testId="local-import-key"
            value={form.privateKey}
            onChange={form.setPrivateKey}
            placeholder="0x…"
          />
        )}
        <PasswordField
          label={t('localWallet.password')}
          testId="local-password"
          autoComplete="new-password"
          value={form.password}
          onChange={form.setPassword}
        />
        <PasswordField
          label={t('localWallet.confirmPassword')}
          testId="local-password-confirm"
          autoComplete="new-password"
          value={form.confirm}
          onChange={form.setConfirm}
        />
        <p className="muted small">{t('localWallet.passwordHint', { min: MIN_PASSWORD_LENGTH })}</p>
        <SubmitButton
          testId="local-submit"
          busy={wallet.busy}
          label={t(form.mode === 'create' ? 'localWallet.create' : 'localWallet.import')}
          busyLabel={t('localWallet.busy.encrypt')}
        />
      </form>
    </>
  );
}
