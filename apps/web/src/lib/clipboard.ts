// The one clipboard helper of the app (the invite page's copy buttons, the tree's context menu, Address).
import { t } from './i18n/index.ts';
import { toast } from './ui.ts';

/** The spec's copy toast: 1 s. */
export const COPY_TOAST_DURATION = 1000;

/**
 * Copies text: the Clipboard API, else the old execCommand route; false when the browser can do
 * neither (the caller shows "browser not supported").
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // denied or not focused: try the legacy route
    }
  }
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies text and says so in a 1 s toast ("Copied", or "Could not copy" when the browser cannot). */
export async function copyAndTell(text: string): Promise<boolean> {
  const copied = await copyToClipboard(text);
  await toast(t(copied ? 'common.copied' : 'common.copyFailed'), COPY_TOAST_DURATION);
  return copied;
}
