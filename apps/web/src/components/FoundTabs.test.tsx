import { fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '@web/lib/paths.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { renderPage } from '@web/test/render.tsx';
import { describe, expect, it } from 'vitest';
import { FoundTabs } from './FoundTabs.tsx';

describe('FoundTabs', () => {
  it('shows Products, Holdings and Agent with the active one selected, and stores its index as foundTab', () => {
    renderPage(<FoundTabs active={1} />, paths.fundHoldings);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Products', 'Holdings', 'Agent']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(localStorage.getItem('foundTab')).toBe('1');
    expect(useWalletStore.getState().foundTab).toBe(1);
  });

  it('switches by replacing the page with the tab’s path and stores the new key', async () => {
    const { router } = renderPage(<FoundTabs active={0} />, paths.fundProducts);
    expect(localStorage.getItem('foundTab')).toBe('0');
    fireEvent.click(screen.getByTestId('found-tab-agent'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.fundEarnings));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('foundTab')).toBe('2');
  });
});
