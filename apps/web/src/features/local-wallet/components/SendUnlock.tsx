import { BlockButton } from '@web/components/BlockButton.tsx';
import { EmptyState } from '@web/components/EmptyState.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { paths } from '@web/lib/paths.ts';
import { unlockLocalWallet } from '@web/lib/wallet/local.ts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendWallet } from '../hooks/send-wallet.ts';
import { useWalletAction } from '../hooks/use-wallet-action.ts';
import { ActionError, PasswordField } from './FormParts.tsx';

/**
 * The pages that sign (send, result's speed-up, withdrawal) need the key: without a local wallet they point to the
 * wallet page; while it is locked they ask for the password here (a reload locks it), then show `children`.
 */
export function SendUnlockGate({
  children,
  readOnly,
}: {
  children: (wallet: { address: `0x${string}`; unlocked: boolean }) => ReactNode;
  /** The page can show its content while locked (the result page); the unlock form is then `children`'s. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const wallet = useSendWallet();
  if (!wallet.address)
    return (
      <EmptyState description={t('localWalletPages.send.noWallet')}>
        <PageLink to={paths.localWallet} className="btn btn-primary" testId="send-create-wallet">
          {t('localWalletPages.send.openWallet')}
        </PageLink>
      </EmptyState>
    );
  if (!wallet.unlocked && !readOnly) return <SendUnlockForm onUnlocked={wallet.refresh} />;
  return <>{children({ address: wallet.address, unlocked: wallet.unlocked })}</>;
}

/** The password form that unlocks the local wallet for this tab. */
export function SendUnlockForm({ onUnlocked }: { onUnlocked: () => void }) {
  const { t } = useTranslation();
  const { busy, error, errorField, run } = useWalletAction();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(
      async () => {
        await unlockLocalWallet(password);
        setPassword('');
        onUnlocked();
      },
      { WrongPasswordError: 'password' },
    );
  };
  return (
    <form className="card form" onSubmit={submit} data-testid="send-unlock-form">
      <p className="muted">{t('localWalletPages.send.unlockFirst')}</p>
      <PasswordField
        label={t('localWallet.password')}
        testId="send-unlock-password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errorField === 'password' ? error : null}
      />
      <ActionError error={errorField ? null : error} />
      <BlockButton
        variant="primary"
        type="submit"
        testId="send-unlock"
        busy={busy}
        busyLabel={t('localWallet.busy.unlock')}
      >
        {t('localWallet.unlock')}
      </BlockButton>
    </form>
  );
}
