// The local wallet's flows (create or import, unlock, lock, export the key, remove) over the storage,
// crypto and provider of lib/wallet/local*.ts; the page only lays them out.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertModal, confirmModal, toast } from '../../../lib/ui.ts';
import type { DiscoveredWallet } from '../../../lib/wallet/discovery.ts';
import {
  createLocalWallet,
  exportLocalPrivateKey,
  importLocalWallet,
  isLocalWalletUnlocked,
  localWalletAddress,
  lockLocalWallet,
  MIN_PASSWORD_LENGTH,
  removeLocalWallet,
  unlockLocalWallet,
} from '../../../lib/wallet/local.ts';
import { localWalletInfo, localWalletProvider } from '../../../lib/wallet/local-provider.ts';
import { useWalletAction } from './use-wallet-action.ts';

/** The local wallet as a wallet to sign in with (what its EIP-6963 announcement carries). */
export const LOCAL_WALLET: DiscoveredWallet = { info: localWalletInfo, provider: localWalletProvider };

export type CreateMode = 'create' | 'import';

export function useLocalWallet() {
  const { t } = useTranslation();
  const { busy, error, run } = useWalletAction();
  const [address, setAddress] = useState(localWalletAddress());
  const [unlocked, setUnlocked] = useState(isLocalWalletUnlocked());
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [mode, setMode] = useState<CreateMode>('create');

  /** Reads the stored wallet again after a change, and forgets what was typed. */
  const refresh = () => {
    setAddress(localWalletAddress());
    setUnlocked(isLocalWalletUnlocked());
    setPassword('');
    setConfirm('');
    setPrivateKey('');
  };

  /** Creates a key, or imports the one typed, under the password (typed twice). */
  const create = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (password.length < MIN_PASSWORD_LENGTH)
        throw new Error(t('localWallet.errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH }));
      if (password !== confirm) throw new Error(t('localWallet.errors.passwordMismatch'));
      if (mode === 'create') await createLocalWallet(password);
      else await importLocalWallet(privateKey, password);
      refresh();
      toast(t(mode === 'create' ? 'localWallet.created' : 'localWallet.imported'));
    });
  };

  const unlock = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await unlockLocalWallet(password);
      refresh();
    });
  };

  const lock = () => {
    lockLocalWallet();
    refresh();
  };

  /** Runs `action` once the member has confirmed what the dialog `title` and `content` say. */
  const afterConfirm = (
    title: string,
    content: string,
    action: () => Promise<void> | void,
    destructive = false,
  ) =>
    void run(async () => {
      if (await confirmModal({ title: t(title), content: t(content), destructive })) await action();
    });

  /** Shows the private key, after a warning. */
  const exportKey = () =>
    afterConfirm('localWallet.exportKey', 'localWallet.exportWarning', async () => {
      await alertModal(
        <code className="break" data-testid="local-private-key">
          {exportLocalPrivateKey()}
        </code>,
        { title: t('localWallet.exportKey'), confirmText: t('common.ok') },
      );
    });

  /** Removes the key from this browser, after a confirmation. */
  const remove = () =>
    afterConfirm(
      'localWallet.remove',
      'localWallet.removeConfirm',
      () => {
        removeLocalWallet();
        refresh();
      },
      true,
    );

  return {
    address,
    unlocked,
    busy,
    error,
    form: { password, setPassword, confirm, setConfirm, privateKey, setPrivateKey, mode, setMode },
    create,
    unlock,
    lock,
    exportKey,
    remove,
  };
}

export type LocalWalletState = ReturnType<typeof useLocalWallet>;
