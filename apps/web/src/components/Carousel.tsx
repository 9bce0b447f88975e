// A carousel of full-width slides without a dependency: a CSS transform with a transition, autoplay on a timer,
// swipe with pointer events. The position is the caller's (the account page keeps it in the page store).
import {
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import './carousel.css';

export interface CarouselSlide {
  key: string;
  /** The slide itself: a button or a link with its own accessible name. */
  content: ReactNode;
}

/** The spec's swiper: a new slide every 5000 ms, moving for 500 ms. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_DURATION_MS = 500;

/** How far (px) a pointer moves sideways before it is a swipe instead of a tap. */
const DRAG_START_PX = 8;
/** A swipe that ends this far (px, or a fifth of the width) moves to the next or previous slide. */
const SWIPE_PX = 48;

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const tabHidden = () => document.visibilityState === 'hidden';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeMotion(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
const never = () => false;

function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible: any focus pauses
  }
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  dx: number;
  swiping: boolean;
}

/**
 * Slides side by side, one shown; `index` is where it stands (wrapped into range: slides come and go) and
 * `onIndexChange` is told every move. It moves on by itself every `interval` ms, except while a finger or the
 * mouse is on it, a control inside has the focus, the tab is hidden, the system asks for reduced motion, or the
 * member paused it (the pause button: autoplay must be stoppable). Swiping moves one slide; a swipe never counts
 * as a tap on the slide. Dots name each slide's position and go to it.
 */
export function Carousel({
  slides,
  index,
  onIndexChange,
  label,
  interval = CAROUSEL_INTERVAL_MS,
  duration = CAROUSEL_DURATION_MS,
  testId = 'carousel',
}: {
  slides: readonly CarouselSlide[];
  index: number;
  onIndexChange: (index: number) => void;
  /** What the slides are, for screen readers ("Highlights"). */
  label: string;
  interval?: number;
  duration?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const count = slides.length;
  const current = count > 0 ? ((Math.trunc(index) % count) + count) % count : 0;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touching, setTouching] = useState(false);
  const [paused, setPaused] = useState(false);
  const [dragX, setDragX] = useState(0);
  const hidden = useSyncExternalStore(subscribeVisibility, tabHidden, never);
  const reduced = useSyncExternalStore(subscribeMotion, reducedMotion, never);
  const drag = useRef<Drag | null>(null);
  const swallowClick = useRef(false);
  const viewport = useRef<HTMLDivElement>(null);
  // The latest callback without restarting the timer each render.
  const change = useRef(onIndexChange);
  change.current = onIndexChange;

  const playing = count > 1 && !hovered && !focused && !touching && !hidden && !reduced && !paused;

  useEffect(() => {
    if (!playing) return;
    // One timer per position: a move by hand (swipe, dot) starts the wait again.
    const timer = setTimeout(() => change.current((current + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [playing, current, count, interval]);

  if (count === 0) return null;

  const go = (next: number) => change.current(((next % count) + count) % count);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // A new gesture: a swipe ended by touch may have had no click after it to swallow.
    swallowClick.current = false;
    drag.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, dx: 0, swiping: false };
    setTouching(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    d.dx = e.clientX - d.x;
    if (!d.swiping && Math.abs(d.dx) > DRAG_START_PX && Math.abs(d.dx) > Math.abs(e.clientY - d.y)) {
      d.swiping = true;
      // Captured only once it is a swipe: a tap keeps its target, so the slide's button gets the click.
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    if (d.swiping && count > 1) setDragX(d.dx);
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    setTouching(false);
    setDragX(0);
    if (!d.swiping) return;
    swallowClick.current = !cancelled;
    const width = viewport.current?.clientWidth ?? 0;
    const threshold = Math.min(SWIPE_PX, width > 0 ? width / 5 : SWIPE_PX);
    if (!cancelled && count > 1 && Math.abs(d.dx) >= threshold) go(current + (d.dx < 0 ? 1 : -1));
  };
  const onClickCapture = (e: MouseEvent) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    e.preventDefault();
    e.stopPropagation();
  };

  const animate = !reduced && dragX === 0;
  return (
    <section
      className="carousel"
      aria-roledescription={t('banner.carousel.role')}
      aria-label={label}
      data-testid={testId}
      data-playing={playing}
      // A mouse resting on it pauses; a touch screen's emulated hover would never end, so it does not count.
      onPointerEnter={(e) => setHovered(e.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      // Keyboard focus inside pauses (the focus a tap leaves behind does not).
      onFocus={(e) => setFocused(focusVisible(e.target))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={viewport}
        className="carousel__viewport"
        aria-live={playing ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => endDrag(e, false)}
        onPointerCancel={(e) => endDrag(e, true)}
        onClickCapture={onClickCapture}
      >
        <div
          className="carousel__track"
          data-testid={`${testId}-track`}
          style={{
            transform: `translateX(calc(${-current * 100}% + ${dragX}px))`,
            transitionDuration: animate ? `${duration}ms` : '0ms',
          }}
        >
          {slides.map((slide, i) => {
            const active = i === current;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form's fieldset
              <div
                key={slide.key}
                className="carousel__slide"
                role="group"
                aria-roledescription={t('banner.carousel.slide')}
                aria-label={t('banner.carousel.position', { index: i + 1, count })}
                aria-hidden={!active}
                inert={!active}
                data-testid={`${testId}-slide-${i}`}
              >
                {slide.content}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <div className="carousel__dots">
            {slides.map((slide, i) => (
              <button
                key={slide.key}
                type="button"
                className="carousel__dot"
                aria-label={t('banner.carousel.goTo', { index: i + 1, count })}
                aria-current={i === current || undefined}
                data-testid={`${testId}-dot-${i}`}
                onClick={() => go(i)}
              >
                <span aria-hidden="true" />
              </button>
            ))}
          </div>
          <button
            type="button"
            className="carousel__pause"
            aria-pressed={paused}
            aria-label={t(paused ? 'banner.carousel.play' : 'banner.carousel.pause')}
            data-testid={`${testId}-pause`}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? (
              <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                <path d="M3 1.5v9l7.5-4.5z" fill="currentColor" />
              </svg>
            ) : (
              <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                <path d="M2.5 1.5h2.5v9H2.5zM7 1.5h2.5v9H7z" fill="currentColor" />
              </svg>
            )}
          </button>
        </div>
      )}
    </section>
  );
}
