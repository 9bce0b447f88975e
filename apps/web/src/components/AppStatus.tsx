import { useOnline } from '@web/lib/online.ts';
import { usePwaStore } from '@web/stores/pwa.ts';
import { useTranslation } from 'react-i18next';

/** "You are offline" while the browser has no network: the figures shown are the last known ones. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="app-banner app-banner--offline" role="status" data-testid="offline-banner">
      <strong>{t('pwa.offline')}</strong>
      <span className="app-banner__hint">{t('pwa.offlineHint')}</span>
    </div>
  );
}

/** "A new version is available — Reload" once a new build's service worker waits; Later hides it. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { updateReady, applyUpdate, dismissed, dismiss } = usePwaStore();
  if (!updateReady || dismissed || !applyUpdate) return null;
  return (
    <div className="app-banner app-banner--update" role="alert" data-testid="update-prompt">
      <span className="app-banner__text">{t('pwa.updateAvailable')}</span>
      <button
        type="button"
        className="app-banner__action"
        data-testid="update-reload"
        onClick={() => void applyUpdate()}
      >
        {t('pwa.reload')}
      </button>
      <button type="button" className="app-banner__later" data-testid="update-later" onClick={dismiss}>
        {t('pwa.later')}
      </button>
    </div>
  );
}
