import Popup from 'antd-mobile/es/components/popup';
import { type ComponentProps, type ReactNode, useId } from 'react';

/**
 * A bottom sheet that asks the member to confirm or answer (`.checkout` in `.checkout-popup`): a modal dialog
 * named by its title. It shows `value` (kept while the sheet closes, so its content stays during the animation);
 * `visible` defaults to having one. A tap on the mask calls `onClose` when given.
 */
export function DialogSheet<T>(props: {
  value: T | null;
  visible?: boolean;
  onClose?: () => void;
  /** The dialog's class beside `checkout`. */
  className: string;
  testId: string;
  title: (value: T) => ReactNode;
  children: (value: T) => ReactNode;
  style?: ComponentProps<typeof Popup>['style'];
  /** `data-*` attributes of the dialog. */
  data?: Record<`data-${string}`, string>;
}) {
  const titleId = useId();
  const { value } = props;
  return (
    <Popup
      visible={props.visible ?? value !== null}
      onMaskClick={props.onClose}
      destroyOnClose
      bodyClassName="checkout-popup"
      style={props.style}
    >
      {value !== null && (
        <div
          className={`checkout ${props.className}`}
          data-testid={props.testId}
          {...props.data}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
        >
          <h2 id={titleId} className="checkout-title">
            {props.title(value)}
          </h2>
          {props.children(value)}
        </div>
      )}
    </Popup>
  );
}
