import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { cleanupPage } from '@web/test/cleanup.ts';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Address } from './Address.tsx';

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupPage();
});

// A full address in a row once wrapped mid-string, leaving two orphan characters on a line.
describe('Address', () => {
  it('shows the short form on one line, the full address as its title and for screen readers', () => {
    render(<Address address={ADDRESS} testId="a" />);
    const a = screen.getByTestId('a');
    expect(a.dataset.address).toBe(ADDRESS);
    const text = a.querySelector('.address-text') as HTMLElement;
    expect(text.getAttribute('title')).toBe(ADDRESS);
    expect(text.querySelector('[aria-hidden="true"]')?.textContent).toBe('0x1234567890...12345678');
    expect(text.querySelector('.visually-hidden')?.textContent).toBe(ADDRESS);
  });

  it('copies the full address with a named button and says Copied for 1 s', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const show = vi.spyOn(Toast, 'show');
    render(<Address address={ADDRESS} testId="a" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the full address' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ content: 'Copied', duration: 1000 }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
  });

  it('full: the whole address in two even halves that break only between them', () => {
    render(<Address address={ADDRESS} testId="a" full copy={false} />);
    const a = screen.getByTestId('a');
    expect(a.textContent).toBe(ADDRESS);
    const halves = [...a.querySelectorAll('.address-text > span')].map((s) => s.textContent ?? '');
    expect(halves).toEqual([ADDRESS.slice(0, 21), ADDRESS.slice(21)]);
    expect(a.querySelector('wbr')).not.toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
