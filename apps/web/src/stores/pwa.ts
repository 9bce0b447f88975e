import { create } from 'zustand';

interface PwaState {
  /** A new build's service worker is installed and waits: the page may offer to reload into it. */
  updateReady: boolean;
  /** Activates the waiting worker and reloads (only when the member asks: never mid-payment on its own). */
  applyUpdate: (() => Promise<void>) | null;
  /** The member chose "Later": not asked again on this page. */
  dismissed: boolean;
  setUpdateReady: (apply: () => Promise<void>) => void;
  dismiss: () => void;
}

/** The service worker's news for the page (app/pwa-register.ts writes it, the update prompt reads it). */
export const usePwaStore = create<PwaState>()((set) => ({
  updateReady: false,
  applyUpdate: null,
  dismissed: false,
  setUpdateReady: (applyUpdate) => set({ updateReady: true, applyUpdate, dismissed: false }),
  dismiss: () => set({ dismissed: true }),
}));
