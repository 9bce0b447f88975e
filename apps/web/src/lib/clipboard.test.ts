import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard } from './clipboard.ts';

describe('copyToClipboard', () => {
  const execCommand = document.execCommand;
  afterEach(() => {
    vi.unstubAllGlobals();
    document.execCommand = execCommand;
  });

  it('uses the Clipboard API', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyToClipboard('0xabc')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('0xabc');
  });

  it('falls back to execCommand, and reports a browser that can do neither', async () => {
    vi.stubGlobal('navigator', {});
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    expect(await copyToClipboard('0xabc')).toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    document.execCommand = () => false;
    expect(await copyToClipboard('0xabc')).toBe(false);
  });
});
