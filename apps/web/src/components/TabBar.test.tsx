import { fireEvent, render, screen, within } from '@testing-library/react';
import { i18n } from '@web/lib/i18n/index.ts';
import { hexColour } from '@web/test/layout.ts';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { TabBar } from './TabBar.tsx';

const renderBar = (current: 0 | 1 | 2 | 3, onSelect = vi.fn()) => {
  render(
    <I18nextProvider i18n={i18n}>
      <TabBar current={current} onSelect={onSelect} />
    </I18nextProvider>,
  );
  return onSelect;
};

describe('TabBar', () => {
  it('renders the bar with the exact styles of the spec', () => {
    renderBar(0);
    const bar = screen.getByTestId('tab-bar');
    expect(bar.style.height).toBe('65px');
    expect(hexColour(bar.style.backgroundColor)).toBe('#3e3e3e');
    expect(bar.style.position).toBe('fixed');
    expect(bar.style.bottom).toBe('0px');
  });

  it('shows 4 tabs in order with the labels Home, Rewards, Shop, Account', () => {
    renderBar(0);
    const labels = [0, 1, 2, 3].map((i) => screen.getByTestId(`tab-${i}`).textContent);
    expect(labels).toEqual(['Home', 'Rewards', 'Shop', 'Account']);
    expect(screen.queryByTestId('tab-4')).toBeNull();
  });

  it("colours the selected tab #ffffff and the others the spec's #888888, text 10px", () => {
    renderBar(2);
    for (const i of [0, 1, 2, 3]) {
      const tab = screen.getByTestId(`tab-${i}`);
      expect(hexColour(tab.style.color)).toBe(i === 2 ? '#ffffff' : '#888888');
      expect(tab.style.fontSize).toBe('10px');
      expect(tab.getAttribute('aria-selected')).toBe(String(i === 2));
    }
  });

  it('draws 24px inline SVG icons with 3px between icon and text', () => {
    renderBar(0);
    const tab = screen.getByTestId('tab-1');
    const svg = tab.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('24');
    expect(svg?.getAttribute('height')).toBe('24');
    const label = within(tab).getByText('Rewards');
    expect(label.style.marginTop).toBe('3px');
    expect(label.style.fontSize).toBe('10px');
  });

  it('reports the path of another tab and ignores the current one', () => {
    const onSelect = renderBar(0);
    fireEvent.click(screen.getByTestId('tab-0'));
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('tab-1'));
    fireEvent.click(screen.getByTestId('tab-2'));
    fireEvent.click(screen.getByTestId('tab-3'));
    expect(onSelect.mock.calls.map((c) => c[0])).toEqual([
      '/pages/rewardList/index',
      '/pages/shop/index',
      '/pages/my/index',
    ]);
  });
});
