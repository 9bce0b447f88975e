// Click timing of the chart (spec section 4): a single click fires after 260 ms and is cancelled by a
// double click; right after a drag clicks are ignored until the drag-stop flag clears (200 ms).

export const CLICK_DELAY_MS = 260;
export const DRAG_STOP_RESET_MS = 200;

export interface ClickController<T> {
  /** A click on a target: fires `onClick` after the delay unless a double click or another click comes. */
  click(target: T): void;
  /** A double click: cancels the pending single click and fires `onDblClick`. */
  dblClick(target: T): void;
  /** A drag (pan, pinch, long press) just ended: suppress clicks until the flag clears. */
  dragStopped(): void;
  readonly isDragStopped: boolean;
  dispose(): void;
}

export function createClickController<T>(handlers: {
  onClick: (target: T) => void;
  onDblClick: (target: T) => void;
  delay?: number;
  dragReset?: number;
}): ClickController<T> {
  const delay = handlers.delay ?? CLICK_DELAY_MS;
  const dragReset = handlers.dragReset ?? DRAG_STOP_RESET_MS;
  let clickTimer: ReturnType<typeof setTimeout> | undefined;
  let dragTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const cancelClick = () => {
    if (clickTimer !== undefined) clearTimeout(clickTimer);
    clickTimer = undefined;
  };
  return {
    click(target) {
      if (stopped) return;
      cancelClick();
      clickTimer = setTimeout(() => {
        clickTimer = undefined;
        handlers.onClick(target);
      }, delay);
    },
    dblClick(target) {
      cancelClick();
      if (stopped) return;
      handlers.onDblClick(target);
    },
    dragStopped() {
      cancelClick();
      stopped = true;
      if (dragTimer !== undefined) clearTimeout(dragTimer);
      dragTimer = setTimeout(() => {
        dragTimer = undefined;
        stopped = false;
      }, dragReset);
    },
    get isDragStopped() {
      return stopped;
    },
    dispose() {
      cancelClick();
      if (dragTimer !== undefined) clearTimeout(dragTimer);
    },
  };
}
