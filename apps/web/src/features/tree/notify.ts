import { loadImperativeUi } from '@web/lib/ui.ts';

/** Copy toasts last 1 s (spec section 8). */
export const NOTICE_DURATION = 1000;

/** A short notice: success (e.g. text copied) or danger (e.g. browser not supported). */
export function notify(text: string, kind: 'success' | 'danger'): void {
  void loadImperativeUi().then(({ Toast }) => {
    Toast.show({ content: text, icon: kind === 'success' ? 'success' : 'fail', duration: NOTICE_DURATION });
  });
}
