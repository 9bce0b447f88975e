import { screen } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { renderPage } from '@web/test/render.tsx';
import Modal from 'antd-mobile/es/components/modal';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WithdrawalListPage from './WithdrawalListPage.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupPage();
});

// One error surface: offline, every read of the page fails (the list, /config, /me); the
// list says so once, inline, with a retry (a network failure may pass), and no dialog is stacked on it.
describe('withdrawal list offline', () => {
  it('shows exactly one error message, inline, and no dialog or toast', async () => {
    useAuthStore.getState().setToken('test-token');
    const modal = vi.spyOn(Modal, 'alert');
    const toast = vi.spyOn(Toast, 'show');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderPage(<WithdrawalListPage />, '/pages/withdrawal/list');
    const error = await screen.findByTestId('list-error');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText('Load Failed')).toHaveLength(1);
    expect(screen.getAllByText('Network error. Please check your connection and try again.')).toHaveLength(1);
    expect(error.textContent).toContain('Retry');
    expect(modal).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    expect(document.querySelector('.adm-modal, .adm-toast-mask')).toBeNull();
  });
});
