import { cleanup } from '@testing-library/react';
import { setRouter } from '@web/lib/navigation.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import Modal from 'antd-mobile/es/components/modal';
import Toast from 'antd-mobile/es/components/toast';
import { vi } from 'vitest';

/** After a page test: unmount, close antd's imperative popups, drop the fake server and the session. */
export async function cleanupPage(): Promise<void> {
  cleanup();
  Modal.clear();
  Toast.clear();
  await new Promise((r) => setTimeout(r, 10));
  document.body.innerHTML = ''; // popups still animating out
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
  setRouter(null);
}
