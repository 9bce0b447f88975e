// Copy to the clipboard with the spec's 'Copy success' toast (1 s, shorter than the 1.5 s default).
import { copyToClipboard } from '@web/lib/clipboard.ts';
import { t } from '@web/lib/i18n/index.ts';
import { toast } from '@web/lib/ui.ts';

/** Duration of the 'Copy success' toast (spec, section 8). */
export const COPY_TOAST_DURATION = 1000;

/** Copies `text`; toasts 'Copy success' for 1 s, or the copy-failed text. Resolves whether it copied. */
export async function copyText(text: string): Promise<boolean> {
  const copied = await copyToClipboard(text);
  void toast(copied ? t('common.copySuccess') : t('invite.copyFailed'), COPY_TOAST_DURATION);
  return copied;
}
