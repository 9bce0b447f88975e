// The local wallet's flows (create, import a key or a keystore file, unlock, lock, reveal the key, export a
// keystore file, remove) over the storage, crypto and provider of lib/wallet/local*.ts and keystore-v3.ts; the
// page only lays them out.

import { saveBlob } from '@web/lib/download.ts';
import { loadImperativeUi, toast } from '@web/lib/ui.ts';
import { autoLock } from '@web/lib/wallet/auto-lock.ts';
import type { DiscoveredWallet } from '@web/lib/wallet/discovery.ts';
import {
  decryptKeystoreV3,
  encryptKeystoreV3,
  keystoreFileName,
  parseKeystoreV3,
} from '@web/lib/wallet/keystore-v3.ts';
import {
  createLocalWallet,
  importLocalWallet,
  isLocalWalletUnlocked,
  localWalletAddress,
  lockLocalWallet,
  MIN_PASSWORD_LENGTH,
  removeLocalWallet,
  revealLocalPrivateKey,
  unlockLocalWallet,
} from '@web/lib/wallet/local.ts';
import { localWalletInfo, localWalletProvider } from '@web/lib/wallet/local-provider.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useWalletAction,
  type WalletField,
  WalletFieldError,
  WalletFieldErrors,
} from './use-wallet-action.ts';

/** The local wallet as a wallet to sign in with (what its EIP-6963 announcement carries). */
export const LOCAL_WALLET: DiscoveredWallet = { info: localWalletInfo, provider: localWalletProvider };

export type CreateMode = 'create' | 'import' | 'file';
/** What the password asked again is for: showing the key, or writing it into a keystore file. */
export type PasswordPurpose = 'reveal' | 'export';

/**
 * Where the import of a keystore file is (several seconds on a phone): the file's key derivation (`fraction` 0..1
 * for scrypt, which reports it; null for PBKDF2, which does not), then the key encrypted for this browser.
 */
export type ImportProgress = { phase: 'decrypt'; fraction: number | null } | { phase: 'store' };

/** Largest keystore file read (real ones are ~500 bytes). */
/** The library's failures of the create/import form, by the field they concern. */
const CREATE_FIELDS = {
  InvalidPrivateKeyError: 'key',
  PasswordTooShortError: 'password',
  KeystoreFormatError: 'file',
  WrongPasswordError: 'filePassword',
} as const;

const MAX_KEYSTORE_FILE_BYTES = 64 * 1024;

/** Remove: export first, remove now, or cancel (a dialog of three choices). */
async function chooseRemove(t: (key: string) => string): Promise<'export' | 'remove' | null> {
  const { Modal } = await loadImperativeUi();
  return new Promise((resolve) => {
    Modal.show({
      title: t('localWalletPages.index.removeTitle'),
      content: <p data-testid="local-remove-warning">{t('localWalletPages.index.removeWarning')}</p>,
      closeOnAction: true,
      actions: [
        {
          key: 'export',
          text: t('localWalletPages.index.exportFirst'),
          primary: true,
          onClick: () => resolve('export'),
        },
        {
          key: 'remove',
          text: t('localWalletPages.index.removeNow'),
          danger: true,
          onClick: () => resolve('remove'),
        },
        { key: 'cancel', text: t('common.cancel'), onClick: () => resolve(null) },
      ],
      onClose: () => resolve(null),
    });
  });
}

export function useLocalWallet() {
  const { t } = useTranslation();
  const { busy, error, errorField, errorOn, run } = useWalletAction();
  const [address, setAddress] = useState(localWalletAddress());
  const [unlocked, setUnlocked] = useState(isLocalWalletUnlocked());
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [mode, setMode] = useState<CreateMode>('create');
  const [keystoreFile, setKeystoreFile] = useState<{ name: string; text: string } | null>(null);
  const [filePassword, setFilePassword] = useState('');
  const [purpose, setPurpose] = useState<PasswordPurpose | null>(null);
  const [checkPassword, setCheckPassword] = useState('');
  const [revealed, setRevealed] = useState<string | null>(null);
  /** 0..1 of the export's key derivation, while one runs. */
  const [progress, setProgress] = useState<number | null>(null);
  const [importing, setImporting] = useState<ImportProgress | null>(null);

  /** Reads the stored wallet again after a change, and forgets what was typed or shown. */
  const refresh = () => {
    setAddress(localWalletAddress());
    setUnlocked(isLocalWalletUnlocked());
    setPassword('');
    setConfirm('');
    setPrivateKey('');
    setKeystoreFile(null);
    setFilePassword('');
    setPurpose(null);
    setCheckPassword('');
    setRevealed(null);
    setProgress(null);
    setImporting(null);
  };

  // The auto-lock (15 idle minutes) locks the key behind the page's back: show it locked, hide a shown key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh only sets state
  useEffect(() => autoLock.onLocked(refresh), []);

  const onProgress = (fraction: number) => setProgress(fraction);

  /** Creates a key, or imports the one typed or the keystore file's, under the password (typed twice). */
  const create = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      // Every empty or wrong field at once, each under itself (an empty import form flagged only the password).
      const problems: Partial<Record<WalletField, string>> = {};
      if (mode === 'import' && !privateKey.trim()) problems.key = t('localWalletPages.required.key');
      if (mode === 'file' && !keystoreFile) problems.file = t('localWalletPages.keystore.errors.noFile');
      if (mode === 'file' && !filePassword)
        problems.filePassword = t('localWalletPages.required.filePassword');
      if (password.length < MIN_PASSWORD_LENGTH)
        problems.password = t('localWallet.errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
      if (!confirm) problems.confirm = t('localWalletPages.required.confirm');
      else if (password !== confirm) problems.confirm = t('localWallet.errors.passwordMismatch');
      if (Object.keys(problems).length > 0) throw new WalletFieldErrors(problems);
      if (mode === 'create') await createLocalWallet(password);
      else if (mode === 'import') await importLocalWallet(privateKey, password);
      else {
        if (!keystoreFile) throw new WalletFieldError('file', t('localWalletPages.keystore.errors.noFile'));
        // scrypt says how far it is; PBKDF2 does not (the bar is then indeterminate, not a false 0 %).
        const measured = parseKeystoreV3(keystoreFile.text).crypto.kdf === 'scrypt';
        setImporting({ phase: 'decrypt', fraction: measured ? 0 : null });
        try {
          const { privateKey: key } = await decryptKeystoreV3(keystoreFile.text, filePassword, {
            onProgress: measured ? (fraction) => setImporting({ phase: 'decrypt', fraction }) : undefined,
          });
          setImporting({ phase: 'store' });
          await importLocalWallet(key, password);
        } finally {
          setImporting(null);
        }
      }
      refresh();
      toast(
        t(
          mode === 'create'
            ? 'localWallet.created'
            : mode === 'import'
              ? 'localWallet.imported'
              : 'localWalletPages.keystore.imported',
        ),
      );
    }, CREATE_FIELDS);
  };

  /** The keystore file picked (read as text; a file too large to be one is refused at once). */
  const pickFile = (file: File | undefined) =>
    void run(async () => {
      setKeystoreFile(null);
      if (!file) return;
      if (file.size > MAX_KEYSTORE_FILE_BYTES)
        throw new WalletFieldError('file', t('localWalletPages.keystore.errors.invalidFile'));
      setKeystoreFile({ name: file.name, text: await file.text() });
    });

  const unlock = (e: FormEvent) => {
    e.preventDefault();
    void run(
      async () => {
        await unlockLocalWallet(password);
        refresh();
      },
      { WrongPasswordError: 'password' },
    );
  };

  const lock = () => {
    lockLocalWallet();
    refresh();
  };

  /** Asks for the password again before the key is shown or written to a file. */
  const askPassword = (next: PasswordPurpose) => {
    setRevealed(null);
    setCheckPassword('');
    setPurpose(next);
  };

  /** The password asked again: checked by decrypting the stored key, then the key is shown or exported. */
  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    void run(
      async () => {
        const key = await revealLocalPrivateKey(checkPassword);
        if (purpose === 'reveal') {
          setRevealed(key);
        } else if (purpose === 'export') {
          try {
            const keystore = await encryptKeystoreV3(key, checkPassword, { onProgress });
            saveBlob(
              new Blob([JSON.stringify(keystore)], { type: 'application/json' }),
              keystoreFileName(keystore.address),
            );
          } finally {
            setProgress(null);
          }
          toast(t('localWalletPages.keystore.exported'));
        }
        setPurpose(null);
        setCheckPassword('');
      },
      { WrongPasswordError: 'password' },
    );
  };

  const cancelPassword = () => {
    setPurpose(null);
    setCheckPassword('');
  };

  const hideKey = () => setRevealed(null);

  /** Removes the key from this browser after a warning that offers to export it first. */
  const remove = () =>
    void run(async () => {
      const choice = await chooseRemove(t);
      if (choice === 'export') askPassword('export');
      else if (choice === 'remove') {
        removeLocalWallet();
        refresh();
      }
    });

  return {
    address,
    unlocked,
    busy,
    error,
    /** The field of the form shown that the error is about, or null: the whole form's. */
    errorField,
    /** The message under `field` (several fields can each have one at once). */
    errorOn,
    progress,
    /** The keystore file's import, while it runs. */
    importing,
    revealed,
    purpose,
    form: {
      password,
      setPassword,
      confirm,
      setConfirm,
      privateKey,
      setPrivateKey,
      mode,
      setMode,
      keystoreFile,
      pickFile,
      filePassword,
      setFilePassword,
      checkPassword,
      setCheckPassword,
    },
    create,
    unlock,
    lock,
    askPassword,
    submitPassword,
    cancelPassword,
    hideKey,
    remove,
  };
}

export type LocalWalletState = ReturnType<typeof useLocalWallet>;
