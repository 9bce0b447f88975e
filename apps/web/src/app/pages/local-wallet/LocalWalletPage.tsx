import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/errors.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { paths } from '../../../lib/paths.ts';
import { alertModal, confirmModal, toast } from '../../../lib/ui.ts';
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

const ignore = () => undefined;

/**
 * The local wallet: a key kept in this browser, encrypted with a password, usable to sign in when the
 * browser has no wallet extension. It announces itself to the login page as "AGC Local Wallet".
 */
export default function LocalWalletPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [address, setAddress] = useState(localWalletAddress());
  const [unlocked, setUnlocked] = useState(isLocalWalletUnlocked());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [mode, setMode] = useState<'create' | 'import'>('create');

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  const refresh = () => {
    setAddress(localWalletAddress());
    setUnlocked(isLocalWalletUnlocked());
    setPassword('');
    setConfirm('');
    setPrivateKey('');
  };

  const onCreate = (e: FormEvent) => {
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

  const onUnlock = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await unlockLocalWallet(password);
      refresh();
    });
  };

  const onRemove = () =>
    void run(async () => {
      const ok = await confirmModal({
        title: t('localWallet.remove'),
        content: t('localWallet.removeConfirm'),
      });
      if (!ok) return;
      removeLocalWallet();
      refresh();
    });

  const onExport = () =>
    void run(async () => {
      const ok = await confirmModal({
        title: t('localWallet.exportKey'),
        content: t('localWallet.exportWarning'),
      });
      if (!ok) return;
      await alertModal(
        <code className="break" data-testid="local-private-key">
          {exportLocalPrivateKey()}
        </code>,
        { title: t('localWallet.exportKey'), confirmText: t('common.ok') },
      );
    });

  const loginUrl = `${paths.login}${search.toString() ? `?${search.toString()}` : ''}`;

  if (!address) {
    return (
      <div className="page">
        <p className="muted">{t('localWallet.intro')}</p>
        <div className="segmented" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'create'}
            data-testid="local-mode-create"
            onClick={() => setMode('create')}
          >
            {t('localWallet.create')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'import'}
            data-testid="local-mode-import"
            onClick={() => setMode('import')}
          >
            {t('localWallet.import')}
          </button>
        </div>
        <form className="card form" onSubmit={onCreate}>
          {mode === 'import' && (
            <label>
              <span>{t('localWallet.privateKey')}</span>
              <input
                className="input"
                data-testid="local-import-key"
                autoComplete="off"
                spellCheck={false}
                value={privateKey}
                onChange={(e) => setPrivateKey(e.target.value)}
                placeholder="0x…"
              />
            </label>
          )}
          <label>
            <span>{t('localWallet.password')}</span>
            <input
              className="input"
              type="password"
              data-testid="local-password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <label>
            <span>{t('localWallet.confirmPassword')}</span>
            <input
              className="input"
              type="password"
              data-testid="local-password-confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </label>
          <p className="muted small">{t('localWallet.passwordHint', { min: MIN_PASSWORD_LENGTH })}</p>
          <button
            type="submit"
            className="btn btn-primary btn-block"
            data-testid="local-submit"
            disabled={busy}
          >
            {busy ? t('common.loading') : t(mode === 'create' ? 'localWallet.create' : 'localWallet.import')}
          </button>
        </form>
        {error && (
          <p className="error-text" role="alert" data-testid="local-error">
            {error}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="page">
      <section className="card">
        <p className="muted">{t('localWallet.address')}</p>
        <p className="break" data-testid="local-address">
          {address}
        </p>
        <p className="muted small" data-testid="local-status">
          {t(unlocked ? 'localWallet.unlocked' : 'localWallet.locked')}
        </p>
      </section>
      {unlocked ? (
        <section className="stack">
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="local-use-login"
            onClick={() => void navigateTo(loginUrl).catch(ignore)}
          >
            {t('localWallet.useToLogin')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            data-testid="local-lock"
            onClick={() => {
              lockLocalWallet();
              refresh();
            }}
          >
            {t('localWallet.lock')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            data-testid="local-export"
            onClick={onExport}
          >
            {t('localWallet.exportKey')}
          </button>
        </section>
      ) : (
        <form className="card form" onSubmit={onUnlock}>
          <label>
            <span>{t('localWallet.password')}</span>
            <input
              className="input"
              type="password"
              data-testid="local-unlock-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <button
            type="submit"
            className="btn btn-primary btn-block"
            data-testid="local-unlock"
            disabled={busy}
          >
            {busy ? t('common.loading') : t('localWallet.unlock')}
          </button>
        </form>
      )}
      {error && (
        <p className="error-text" role="alert" data-testid="local-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn-link btn-block danger"
        data-testid="local-remove"
        onClick={onRemove}
      >
        {t('localWallet.remove')}
      </button>
    </div>
  );
}
