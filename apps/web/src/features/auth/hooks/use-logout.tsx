import { confirmModal, toast } from '@web/lib/ui.ts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logOut, logOutEverywhere } from '../logout.ts';

export type LogoutKind = 'this' | 'all';

/**
 * Log out and Log out everywhere for the account page: one at a time (`pending` says which runs).
 * Log out everywhere asks first, since it signs out every device signed in with this wallet.
 */
export function useLogout() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<LogoutKind | null>(null);
  const running = useRef(false);

  const run = useCallback(async (kind: LogoutKind, work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setPending(kind);
    try {
      await work();
    } finally {
      running.current = false;
      setPending(null);
    }
  }, []);

  const logout = useCallback(() => run('this', logOut), [run]);

  const logoutEverywhere = useCallback(async () => {
    if (running.current) return;
    const ok = await confirmModal({
      destructive: true,
      title: t('my.logoutAll.title'),
      content: (
        <p className="logout-all-confirm" data-testid="logout-all-confirm">
          {t('my.logoutAll.confirm')}
        </p>
      ),
      confirmText: <span data-testid="logout-all-ok">{t('my.logoutAll.ok')}</span>,
    });
    if (!ok) return;
    await run('all', async () => {
      try {
        await logOutEverywhere();
        void toast(t('my.logoutAll.done'));
      } catch {
        // the request wrapper has said why; the member is still logged in here and may try again
      }
    });
  }, [run, t]);

  return { pending, logout, logoutEverywhere };
}
