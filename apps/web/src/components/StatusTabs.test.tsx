import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StatusTabs } from './StatusTabs.tsx';

const KEYS = ['all', 'Auditing', 'Withdrawable', 'Success', 'Rejected'] as const;
type Key = (typeof KEYS)[number];

function Tabs({ initial = 'all' as Key }) {
  const [active, setActive] = useState<Key>(initial);
  return (
    <StatusTabs
      keys={KEYS}
      active={active}
      onChange={setActive}
      title={(k) => k}
      testIdPrefix="t"
      label="Status"
    />
  );
}

describe('StatusTabs', () => {
  it('is a named tab list: every title whole (no antd ellipsis wrapper), the active one selected and focusable', () => {
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Status' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([...KEYS]);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    fireEvent.click(screen.getByTestId('t-Rejected'));
    expect(screen.getByTestId('t-Rejected').getAttribute('aria-selected')).toBe('true');
  });

  it('scrolls the active tab into view when the row is narrower than the tabs', () => {
    render(<Tabs />);
    const list = screen.getByRole('tablist');
    // The test DOM lays nothing out: give the row 390 px and each tab 100 px.
    Object.defineProperty(list, 'clientWidth', { value: 390 });
    screen.getAllByRole('tab').forEach((tab, i) => {
      Object.defineProperty(tab, 'offsetLeft', { value: i * 100 });
      Object.defineProperty(tab, 'offsetWidth', { value: 100 });
    });
    fireEvent.click(screen.getByTestId('t-Rejected'));
    expect(list.scrollLeft).toBe(500 + 24 - 390);
    fireEvent.click(screen.getByTestId('t-all'));
    expect(list.scrollLeft).toBe(0);
  });

  it('moves with the arrow keys, Home and End', () => {
    render(<Tabs />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByTestId('t-Auditing').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('t-Auditing'));
    fireEvent.keyDown(list, { key: 'End' });
    expect(screen.getByTestId('t-Rejected').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByTestId('t-all').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(screen.getByTestId('t-Rejected').getAttribute('aria-selected')).toBe('true');
  });

  it('a row that scrolls says so: the side with more tabs is marked (and fades), none when all fit', () => {
    render(<Tabs />);
    const list = screen.getByRole('tablist');
    const size = (scrollWidth: number, clientWidth: number, scrollLeft: number) => {
      Object.defineProperty(list, 'scrollWidth', { configurable: true, value: scrollWidth });
      Object.defineProperty(list, 'clientWidth', { configurable: true, value: clientWidth });
      list.scrollLeft = scrollLeft;
      fireEvent.scroll(list);
    };
    size(390, 390, 0);
    expect(list.dataset.moreStart).toBeUndefined();
    expect(list.dataset.moreEnd).toBeUndefined();
    size(640, 390, 0);
    expect(list.dataset.moreEnd).toBe('true');
    expect(list.dataset.moreStart).toBeUndefined();
    size(640, 390, 120);
    expect([list.dataset.moreStart, list.dataset.moreEnd]).toEqual(['true', 'true']);
    size(640, 390, 250);
    expect([list.dataset.moreStart, list.dataset.moreEnd]).toEqual(['true', undefined]);
  });
});
