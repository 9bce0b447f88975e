import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_DURATION_MS, CAROUSEL_INTERVAL_MS, Carousel } from './Carousel.tsx';

const opened: string[] = [];
const SLIDES = ['a', 'b', 'c'].map((key) => ({
  key,
  content: (
    <button type="button" onClick={() => opened.push(key)}>
      Slide {key}
    </button>
  ),
}));

function Harness({ start = 0, onChange }: { start?: number; onChange?: (i: number) => void }) {
  const [index, setIndex] = useState(start);
  return (
    <Carousel
      label="Highlights"
      slides={SLIDES}
      index={index}
      onIndexChange={(i) => {
        onChange?.(i);
        setIndex(i);
      }}
    />
  );
}

const active = () =>
  SLIDES.findIndex(
    (_, i) => screen.getByTestId(`carousel-slide-${i}`).getAttribute('aria-hidden') === 'false',
  );
const track = () => screen.getByTestId('carousel-track');
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const viewport = () => track().parentElement as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  opened.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

describe('Carousel', () => {
  it('moves on every 5000 ms with a 500 ms transition, wrapping round after the last', () => {
    expect([CAROUSEL_INTERVAL_MS, CAROUSEL_DURATION_MS]).toEqual([5000, 500]);
    render(<Harness />);
    expect(active()).toBe(0);
    expect(track().style.transitionDuration).toBe('500ms');
    tick(4999);
    expect(active()).toBe(0);
    tick(1);
    expect(active()).toBe(1);
    expect(track().style.transform).toBe('translateX(calc(-100% + 0px))');
    tick(5000);
    expect(active()).toBe(2);
    tick(5000);
    expect(active()).toBe(0);
  });

  it('starts where it is told, wrapped into range', () => {
    render(<Harness start={5} />);
    expect(active()).toBe(2);
  });

  it('names itself and its slides; hidden slides are inert; dots go to a slide and say which is current', () => {
    render(<Harness />);
    const region = screen.getByRole('region', { name: 'Highlights' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getByTestId('carousel-slide-1').getAttribute('aria-label')).toBe('2 of 3');
    expect(screen.getByTestId('carousel-slide-1').hasAttribute('inert')).toBe(true);
    expect(screen.getByTestId('carousel-slide-0').hasAttribute('inert')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 3 of 3' }));
    expect(active()).toBe(2);
    expect(screen.getByTestId('carousel-dot-2').getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('carousel-dot-0').hasAttribute('aria-current')).toBe(false);
    // A move by hand starts the wait again.
    tick(4999);
    expect(active()).toBe(2);
    tick(1);
    expect(active()).toBe(0);
  });

  it('pauses while the mouse is on it, the tab is hidden, or the member pressed pause', () => {
    render(<Harness />);
    const region = screen.getByTestId('carousel');
    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    tick(15_000);
    expect(active()).toBe(0);
    fireEvent.pointerLeave(region, { pointerType: 'mouse' });
    tick(5000);
    expect(active()).toBe(1);

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    tick(15_000);
    expect(active()).toBe(1);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    tick(5000);
    expect(active()).toBe(2);

    const pause = screen.getByRole('button', { name: 'Pause the banners' });
    expect(pause.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    expect(pause.getAttribute('aria-label')).toBe('Play the banners');
    tick(15_000);
    expect(active()).toBe(2);
    fireEvent.click(pause);
    tick(5000);
    expect(active()).toBe(0);
  });

  it('does not move by itself when the system asks for reduced motion', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      render(<Harness />);
      tick(15_000);
      expect(active()).toBe(0);
      expect(track().style.transitionDuration).toBe('0ms');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a swipe moves one slide and is not a tap; a tap opens the slide', () => {
    const changes: number[] = [];
    render(<Harness onChange={(i) => changes.push(i)} />);
    const button = screen.getByRole('button', { name: 'Slide a' });
    // Swipe left by 120 px: next slide, and the click that follows the pointer-up is swallowed.
    fireEvent.pointerDown(button, { pointerId: 1, clientX: 300, clientY: 50, pointerType: 'touch' });
    fireEvent.pointerMove(viewport(), { pointerId: 1, clientX: 240, clientY: 52, pointerType: 'touch' });
    expect(track().style.transform).toBe('translateX(calc(0% + -60px))');
    expect(track().style.transitionDuration).toBe('0ms'); // follows the finger
    fireEvent.pointerMove(viewport(), { pointerId: 1, clientX: 180, clientY: 52, pointerType: 'touch' });
    fireEvent.pointerUp(viewport(), { pointerId: 1, clientX: 180, clientY: 52, pointerType: 'touch' });
    fireEvent.click(button);
    expect(changes).toEqual([1]);
    expect(opened).toEqual([]);
    // Swipe right: back.
    const b = screen.getByRole('button', { name: 'Slide b' });
    fireEvent.pointerDown(b, { pointerId: 2, clientX: 100, clientY: 50, pointerType: 'touch' });
    fireEvent.pointerMove(viewport(), { pointerId: 2, clientX: 200, clientY: 50, pointerType: 'touch' });
    fireEvent.pointerUp(viewport(), { pointerId: 2, clientX: 200, clientY: 50, pointerType: 'touch' });
    expect(changes).toEqual([1, 0]);
    // A short move is a tap: the slide opens, nothing moves.
    const a = screen.getByRole('button', { name: 'Slide a' });
    fireEvent.pointerDown(a, { pointerId: 3, clientX: 100, clientY: 50, pointerType: 'touch' });
    fireEvent.pointerMove(a, { pointerId: 3, clientX: 104, clientY: 51, pointerType: 'touch' });
    fireEvent.pointerUp(a, { pointerId: 3, clientX: 104, clientY: 51, pointerType: 'touch' });
    fireEvent.click(a);
    expect(opened).toEqual(['a']);
    expect(changes).toEqual([1, 0]);
  });

  it('renders nothing without slides, and no dots or timer for one', () => {
    const { container, rerender } = render(
      <Carousel label="x" slides={[]} index={0} onIndexChange={() => undefined} />,
    );
    expect(container.innerHTML).toBe('');
    const change = vi.fn();
    rerender(<Carousel label="x" slides={SLIDES.slice(0, 1)} index={0} onIndexChange={change} />);
    expect(screen.queryByTestId('carousel-dot-0')).toBeNull();
    tick(20_000);
    expect(change).not.toHaveBeenCalled();
  });
});
