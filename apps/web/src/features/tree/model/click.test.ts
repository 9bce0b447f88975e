import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLICK_DELAY_MS, createClickController, DRAG_STOP_RESET_MS } from './click.ts';

describe('click timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () => {
    const onClick = vi.fn();
    const onDblClick = vi.fn();
    return { onClick, onDblClick, ctl: createClickController<string>({ onClick, onDblClick }) };
  };

  it('fires a single click 260 ms later', () => {
    expect([CLICK_DELAY_MS, DRAG_STOP_RESET_MS]).toEqual([260, 200]);
    const { ctl, onClick } = setup();
    ctl.click('a');
    vi.advanceTimersByTime(259);
    expect(onClick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClick).toHaveBeenCalledExactlyOnceWith('a');
  });

  it('a double click cancels the pending single click', () => {
    const { ctl, onClick, onDblClick } = setup();
    // The browser sends click, click, dblclick.
    ctl.click('a');
    vi.advanceTimersByTime(120);
    ctl.click('a');
    ctl.dblClick('a');
    vi.advanceTimersByTime(1000);
    expect(onClick).not.toHaveBeenCalled();
    expect(onDblClick).toHaveBeenCalledExactlyOnceWith('a');
  });

  it('a click right after a drag is suppressed until the flag clears after 200 ms', () => {
    const { ctl, onClick } = setup();
    ctl.dragStopped();
    expect(ctl.isDragStopped).toBe(true);
    ctl.click('a');
    vi.advanceTimersByTime(199);
    expect(ctl.isDragStopped).toBe(true);
    ctl.click('a');
    vi.advanceTimersByTime(1);
    expect(ctl.isDragStopped).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(onClick).not.toHaveBeenCalled();
    ctl.click('b');
    vi.advanceTimersByTime(CLICK_DELAY_MS);
    expect(onClick).toHaveBeenCalledExactlyOnceWith('b');
  });

  it('a drag cancels a click already pending', () => {
    const { ctl, onClick } = setup();
    ctl.click('a');
    vi.advanceTimersByTime(100);
    ctl.dragStopped();
    vi.advanceTimersByTime(1000);
    expect(onClick).not.toHaveBeenCalled();
  });
});
