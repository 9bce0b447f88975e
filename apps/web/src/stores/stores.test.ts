import { clearSession, startSession } from '@web/lib/session.ts';
import { describe, expect, it } from 'vitest';
import { isLoggedIn, useAuthStore } from './auth.ts';
import { usePageStore } from './page.ts';
import { useWalletStore, WALLET_STORAGE_KEYS } from './wallet.ts';

describe('auth store', () => {
  it('is logged in when the token is neither undefined nor empty', () => {
    expect(isLoggedIn(undefined)).toBe(false);
    expect(isLoggedIn('')).toBe(false);
    expect(isLoggedIn('abc')).toBe(true);
  });

  it('persists the token under the localStorage key "token" and removes it when cleared', () => {
    useAuthStore.getState().setToken('jwt-1');
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(isLoggedIn()).toBe(true);
    useAuthStore.getState().clear();
    expect(localStorage.getItem('token')).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('reads a token written by someone else', async () => {
    localStorage.setItem('token', 'from-outside');
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().token).toBe('from-outside');
    useAuthStore.getState().clear();
  });
});

describe('wallet store', () => {
  const address = '0x1234567890abcdef1234567890abcdef12345678';

  it('keeps each field under its own key', () => {
    useWalletStore.getState().setAccount(address, 'io.metamask');
    useWalletStore.getState().setBalance('12.5');
    useWalletStore.getState().setFoundTab(2);
    expect(localStorage.getItem('address')).toBe(address);
    expect(localStorage.getItem('shortAddress')).toBe('0x1234567890...12345678');
    expect(localStorage.getItem('connected')).toBe('true');
    expect(localStorage.getItem('balance')).toBe('12.5');
    expect(localStorage.getItem('foundTab')).toBe('2');
    expect(localStorage.getItem('walletRdns')).toBe('io.metamask');
  });

  it('disconnect clears the state and every stored key', () => {
    useWalletStore.getState().setAccount(address);
    useWalletStore.getState().setInviteNode({ id: 1 });
    useWalletStore.getState().disconnect();
    const s = useWalletStore.getState();
    expect([s.address, s.shortAddress, s.balance, s.connected, s.userInfo, s.inviteNode, s.foundTab]).toEqual(
      [undefined, undefined, undefined, false, undefined, undefined, undefined],
    );
    for (const key of WALLET_STORAGE_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });

  it('a session starts with token + address and clearSession ends both', () => {
    startSession('jwt-2', address, 'injected');
    expect(localStorage.getItem('token')).toBe('jwt-2');
    expect(useWalletStore.getState().address).toBe(address);
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('address')).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });
});

describe('page store', () => {
  it('defaults my_page_swiper_current to 0 and keeps its state in sessionStorage', () => {
    expect(usePageStore.getState().my_page_swiper_current).toBe(0);
    usePageStore.getState().setMyPageSwiperCurrent(3);
    usePageStore.getState().setMessage('hello');
    expect(sessionStorage.getItem('my_page_swiper_current')).toBe('3');
    expect(sessionStorage.getItem('message')).toBe('hello');
    expect(localStorage.getItem('message')).toBeNull();
  });
});
