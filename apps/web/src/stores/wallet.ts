import type { Me } from '@agc/shared';
import { shortAddress } from '@agc/shared';
import { fieldStorage, syncAcrossTabs } from '@web/lib/storage.ts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Found (fund) pages reached through the stored found-tab key: 0 home, 1 my, 2 income. */
export type FoundTab = 0 | 1 | 2;

interface WalletData {
  address: string | undefined;
  shortAddress: string | undefined;
  /** Decimal string; never a JS number. */
  balance: string | undefined;
  connected: boolean;
  userInfo: Me | undefined;
  inviteNode: unknown;
  foundTab: FoundTab | undefined;
  /** EIP-6963 rdns of the wallet used to sign in, to find the same provider after a reload. */
  walletRdns: string | undefined;
}

interface WalletState extends WalletData {
  setAccount: (address: string, walletRdns?: string) => void;
  setBalance: (balance: string) => void;
  setUserInfo: (userInfo: Me | undefined) => void;
  setInviteNode: (node: unknown) => void;
  setFoundTab: (tab: FoundTab) => void;
  disconnect: () => void;
}

const EMPTY: WalletData = {
  address: undefined,
  shortAddress: undefined,
  balance: undefined,
  connected: false,
  userInfo: undefined,
  inviteNode: undefined,
  foundTab: undefined,
  walletRdns: undefined,
};

const storage = fieldStorage<WalletData>('local', {
  address: 'string',
  shortAddress: 'string',
  balance: 'string',
  connected: 'json',
  userInfo: 'json',
  inviteNode: 'json',
  foundTab: 'json',
  walletRdns: 'string',
});

export const useWalletStore = create<WalletState>()(
  persist(
    (set) => ({
      ...EMPTY,
      setAccount: (address, walletRdns) =>
        set({ address, shortAddress: shortAddress(address), connected: true, walletRdns }),
      setBalance: (balance) => set({ balance }),
      setUserInfo: (userInfo) => set({ userInfo }),
      setInviteNode: (inviteNode) => set({ inviteNode }),
      setFoundTab: (foundTab) => set({ foundTab }),
      disconnect: () => {
        set({ ...EMPTY });
        useWalletStore.persist.clearStorage();
      },
    }),
    {
      name: 'wallet',
      storage,
      partialize: storage.partialize,
    },
  ),
);
syncAcrossTabs(storage.keys, () => useWalletStore.persist.rehydrate());

/** Every localStorage key the wallet store owns (cleared on disconnect). */
export const WALLET_STORAGE_KEYS = storage.keys;
