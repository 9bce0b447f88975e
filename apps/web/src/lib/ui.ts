// antd-mobile's imperative APIs (Toast.show, Modal.alert, ...) render outside the React tree with
// ReactDOM.render, which React 19 removed: unstableSetRender gives them a createRoot-based renderer.
// Every imperative UI call of the app goes through this file; the components load on first use.
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { t } from './i18n/index.ts';

/** Toast default duration of the spec. */
export const TOAST_DURATION = 1500;
/** Request errors stay a little longer. */
export const REQUEST_TOAST_DURATION = 2000;

let installed = false;

/** Call once at start-up, before any Toast or Modal. */
export function installAntdRender(): void {
  if (installed) return;
  installed = true;
  const roots = new WeakMap<Element | DocumentFragment, Root>();
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      // Unmounting inside the render that closes the popup warns in React 19: wait a tick.
      await new Promise((resolve) => setTimeout(resolve, 0));
      roots.get(container)?.unmount();
      roots.delete(container);
    };
  });
}

type Imperative = typeof import('./antd-imperative.ts');
let imperative: Promise<Imperative> | null = null;

/** The antd-mobile Toast and Modal modules (loaded once). */
export function loadImperativeUi(): Promise<Imperative> {
  installAntdRender();
  imperative ??= import('./antd-imperative.ts').catch((error: unknown) => {
    imperative = null;
    throw error;
  });
  return imperative;
}

export function toast(content: ReactNode, duration: number = TOAST_DURATION): Promise<void> {
  return loadImperativeUi().then(({ Toast }) => {
    Toast.show({ content, duration });
  });
}

/** A modal with an OK button only. */
export async function alertModal(
  content: ReactNode,
  options: { title?: ReactNode; confirmText?: ReactNode } = {},
): Promise<void> {
  const { alertDialog } = await loadImperativeUi();
  return alertDialog({ content, title: options.title, confirmText: options.confirmText });
}

export interface ConfirmOptions {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  /** It removes, cancels or refuses something: the confirm button is red (cancel an order, reject or
   * revoke a withdrawal, log out everywhere, remove the local wallet). */
  destructive?: boolean;
}

/** A modal with Cancel and OK; resolves true on OK. */
export async function confirmModal(options: ConfirmOptions): Promise<boolean> {
  const { confirmDialog } = await loadImperativeUi();
  // OK / Cancel in the current language unless the caller names the buttons.
  return confirmDialog({ confirmText: t('common.ok'), cancelText: t('common.cancel'), ...options });
}
