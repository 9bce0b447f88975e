// Registers the service worker (vite-plugin-pwa, `registerType: 'prompt'`): a new build's worker installs in the
// background and waits; the page says "A new version is available — Reload" and reloads only when the member
// presses Reload, never on its own (a payment in progress is never cut short). Loaded after the first paint.
import { registerSW } from 'virtual:pwa-register';
import { usePwaStore } from '@web/stores/pwa.ts';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => usePwaStore.getState().setUpdateReady(() => update(true)),
  });
}
