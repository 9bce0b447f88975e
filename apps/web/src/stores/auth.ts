import { fieldStorage, syncAcrossTabs } from '@web/lib/storage.ts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface AuthState {
  token: string | undefined;
  setToken: (token: string) => void;
  clear: () => void;
}

const storage = fieldStorage<Pick<AuthState, 'token'>>('local', { token: 'string' });

/** The session token, persisted under the localStorage key `token`. */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: undefined,
      setToken: (token) => set({ token }),
      clear: () => set({ token: undefined }),
    }),
    { name: 'token', storage, partialize: storage.partialize },
  ),
);
syncAcrossTabs(storage.keys, () => useAuthStore.persist.rehydrate());

/** Logged in when the token is neither undefined nor empty. */
export function isLoggedIn(token: string | undefined = useAuthStore.getState().token): boolean {
  return token !== undefined && token !== '';
}

export const useIsLoggedIn = () => useAuthStore((s) => isLoggedIn(s.token));
