import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard, menuActions } from './menu.ts';

describe('context menu rules', () => {
  it('offers add, edit and delete only when neither the tree nor the node is disabled', () => {
    expect(menuActions(false, {})).toEqual(['copy', 'add', 'edit', 'delete']);
    expect(menuActions(false, { disabled: false })).toEqual(['copy', 'add', 'edit', 'delete']);
    expect(menuActions(true, {})).toEqual(['copy']);
    expect(menuActions(false, { disabled: true })).toEqual(['copy']);
    expect(menuActions(true, { disabled: true })).toEqual(['copy']);
  });
});

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
