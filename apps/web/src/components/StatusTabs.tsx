import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** Keeps `tab` fully in sight inside the row `list` scrolls (with a margin that shows a neighbour). */
function revealTab(list: HTMLElement, tab: HTMLElement, margin = 24) {
  const start = tab.offsetLeft;
  const end = start + tab.offsetWidth;
  if (start - margin < list.scrollLeft) list.scrollLeft = Math.max(0, start - margin);
  else if (end + margin > list.scrollLeft + list.clientWidth)
    list.scrollLeft = end + margin - list.clientWidth;
}

/**
 * Tabs over a list (order, withdrawal, team scope): each tab is `<testIdPrefix>-<key>`. The titles never
 * shrink or end in an ellipsis: they share the row when they fit (390 px, any language), else the row
 * scrolls sideways and the active tab is scrolled into view (it once showed "Reje…" on the withdrawal
 * list and Thai's Canceled tab off screen). Arrow keys, Home and End move between tabs. A row that scrolls shows
 * it: the side with more tabs fades out (`data-more-start` / `data-more-end`), so a tab cut at the edge reads as
 * "there is more", not as a truncated word.
 */
export function StatusTabs<K extends string>({
  keys,
  active,
  onChange,
  title,
  testIdPrefix,
  className = 'status-tabs',
  label,
}: {
  keys: readonly K[];
  active: K;
  onChange: (key: K) => void;
  title: (key: K) => ReactNode;
  testIdPrefix: string;
  className?: string;
  /** The accessible name of the tab row. */
  label?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
  }, []);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [measure]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reveal again when the active tab or the tabs change
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (list && tab) revealTab(list, tab);
    measure();
  }, [active, keys]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = keys.indexOf(active);
    const next =
      event.key === 'ArrowRight'
        ? keys[(index + 1) % keys.length]
        : event.key === 'ArrowLeft'
          ? keys[(index - 1 + keys.length) % keys.length]
          : event.key === 'Home'
            ? keys[0]
            : event.key === 'End'
              ? keys[keys.length - 1]
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    if (next !== active) onChange(next);
    listRef.current?.querySelector<HTMLElement>(`[data-key="${next}"]`)?.focus();
  };

  return (
    <div
      className={`tabs ${className}`}
      role="tablist"
      aria-label={label}
      ref={listRef}
      onKeyDown={onKeyDown}
      onScroll={measure}
      data-more-start={more.start || undefined}
      data-more-end={more.end || undefined}
    >
      {keys.map((key) => {
        const selected = key === active;
        return (
          <button
            key={key}
            type="button"
            role="tab"
            className="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            data-key={key}
            data-testid={`${testIdPrefix}-${key}`}
            onClick={() => {
              if (!selected) onChange(key);
            }}
          >
            {title(key)}
          </button>
        );
      })}
    </div>
  );
}
