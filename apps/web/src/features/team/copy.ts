// Copy to the clipboard with the spec's 'Copy success' toast (1 s, shorter than the 1.5 s default).
import { t } from '../../lib/i18n/index.ts';
import { toast } from '../../lib/ui.ts';

/** Duration of the 'Copy success' toast (spec, section 8). */
export const COPY_TOAST_DURATION = 1000;

/** execCommand fallback for browsers without the async clipboard (or outside a secure context). */
function copyWithSelection(text: string): boolean {
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

/** Copies `text`; toasts 'Copy success' for 1 s, or the copy-failed text. Resolves whether it copied. */
export async function copyText(text: string): Promise<boolean> {
  let copied = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    // denied or not a secure context: try the selection fallback
  }
  if (!copied) copied = copyWithSelection(text);
  void toast(copied ? t('common.copySuccess') : t('invite.copyFailed'), COPY_TOAST_DURATION);
  return copied;
}
