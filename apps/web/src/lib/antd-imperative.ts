// antd-mobile's imperative Toast and Modal (with react-spring and gestures behind them) are loaded on
// first use, not at start-up: the login route does not pay for them until it shows a message.
// Every dialog of the app is opened here, so that they all look alike (styles.css, "Dialogs"): the app's
// font, radius and colours; a destructive confirmation (log out everywhere, cancel an order, reject or
// revoke a withdrawal) has a red confirm button.
import Modal, { type ModalAlertProps, type ModalConfirmProps } from 'antd-mobile/es/components/modal';
import Toast from 'antd-mobile/es/components/toast';

/** Toast default duration of the spec. */
Toast.config({ duration: 1500 });

/** Every app dialog's class; `--destructive` colours its confirm button red. */
export const DIALOG_CLASS = 'app-dialog';
export const DESTRUCTIVE_DIALOG_CLASS = 'app-dialog--destructive';

const dialogClass = (destructive: boolean | undefined, extra: string | undefined) =>
  [DIALOG_CLASS, destructive && DESTRUCTIVE_DIALOG_CLASS, extra].filter(Boolean).join(' ');

export type ConfirmDialogOptions = ModalConfirmProps & {
  /** It removes, cancels or refuses something: the confirm button is red. */
  destructive?: boolean;
};

/** A confirmation (confirm, then cancel below it); resolves true on confirm. */
export function confirmDialog({
  destructive,
  bodyClassName,
  ...options
}: ConfirmDialogOptions): Promise<boolean> {
  return Modal.confirm({ ...options, bodyClassName: dialogClass(destructive, bodyClassName) });
}

/** A message with one button (OK). */
export function alertDialog({ bodyClassName, ...options }: ModalAlertProps): Promise<void> {
  return Modal.alert({ ...options, bodyClassName: dialogClass(false, bodyClassName) });
}

export { Modal, Toast };
