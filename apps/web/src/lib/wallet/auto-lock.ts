// The local wallet locks itself after 15 minutes without activity, measured on the wall clock: the time of the last
// activity is stored (localStorage, so every tab of the app counts) and compared with the clock on a timer AND when
// the page becomes visible, gains focus or is shown again, because a phone that slept stops the timers but not the
// clock. Activity: pointer, touch, key and wheel events in the app, and every call that uses the key.
// It knows nothing of keys: local.ts arms it on unlock with the function that locks (installing the listeners the
// first time), and disarms it on lock. Nothing of it loads before a local wallet is used (the login route's budget).

export const AUTO_LOCK_IDLE_MS = 15 * 60_000;
/** How often the timer looks (the wake-up events catch the sleeping case). */
export const AUTO_LOCK_CHECK_MS = 15_000;
export const LAST_ACTIVITY_KEY = 'localWalletLastActivity';
/** Writes closer than this are skipped (events come in bursts). */
const WRITE_EVERY_MS = 1000;

export interface ActivityStore {
  read(): number | null;
  write(time: number): void;
}

export const localStorageActivity: ActivityStore = {
  read() {
    try {
      const n = Number(globalThis.localStorage?.getItem(LAST_ACTIVITY_KEY));
      return Number.isFinite(n) && n > 0 ? n : null;
    } catch {
      return null;
    }
  },
  write(time) {
    try {
      globalThis.localStorage?.setItem(LAST_ACTIVITY_KEY, String(time));
    } catch {
      // storage disabled: the in-memory time still counts
    }
  },
};

export class AutoLock {
  private lockFn: (() => void) | null = null;
  private last = 0;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly store: ActivityStore;
  readonly idleMs: number;

  constructor(options: { now?: () => number; store?: ActivityStore; idleMs?: number } = {}) {
    this.now = options.now ?? (() => Date.now());
    this.store = options.store ?? localStorageActivity;
    this.idleMs = options.idleMs ?? AUTO_LOCK_IDLE_MS;
  }

  /** The wallet was unlocked: `lock` locks it; the idle time starts now. */
  arm(lock: () => void): void {
    this.lockFn = lock;
    this.record(this.now(), true);
  }

  /** The wallet was locked (or removed) another way. */
  disarm(): void {
    this.lockFn = null;
  }

  get armed(): boolean {
    return this.lockFn !== null;
  }

  /**
   * Activity: the idle time starts again (only while unlocked; nothing to measure otherwise). The tap that wakes
   * a phone after 20 minutes may arrive before any wake-up event: it locks first, it never extends a lapsed time.
   */
  touch(): void {
    if (!this.lockFn || this.check()) return;
    this.record(this.now(), false);
  }

  /** The last activity of any tab (the stored time) or of this one, whichever is later. */
  lastActivity(): number {
    return Math.max(this.last, this.store.read() ?? 0);
  }

  /** Locks when idle for `idleMs` or more on the wall clock; true when it locked. */
  check(): boolean {
    const lock = this.lockFn;
    if (!lock) return false;
    if (this.now() - this.lastActivity() < this.idleMs) return false;
    this.lockFn = null;
    lock();
    for (const listener of this.listeners) listener();
    return true;
  }

  /** Called after an automatic lock (pages refresh what they show). */
  onLocked(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private record(time: number, force: boolean): void {
    if (!force && time - this.last < WRITE_EVERY_MS && time >= this.last) return;
    this.last = time;
    this.store.write(time);
  }
}

/** The app's auto-lock (local.ts arms it). */
export const autoLock = new AutoLock();

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
const WAKE_EVENTS = ['focus', 'pageshow'] as const;

let installed = false;

/** The app's listeners, once (local.ts calls it when it arms the auto-lock: before that nothing is unlocked). */
export function ensureAutoLockInstalled(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  installAutoLock();
}

/** Activity events touch, wake-up events and a timer check. Returns the uninstaller. */
export function installAutoLock(
  target: Window = window,
  lock: AutoLock = autoLock,
  checkEveryMs = AUTO_LOCK_CHECK_MS,
): () => void {
  const touch = () => lock.touch();
  const check = () => void lock.check();
  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') check();
  };
  // Capture and passive: seen before any handler can stop them, never delaying scrolling.
  for (const e of ACTIVITY_EVENTS) target.addEventListener(e, touch, { capture: true, passive: true });
  for (const e of WAKE_EVENTS) target.addEventListener(e, check);
  target.document.addEventListener('visibilitychange', onVisibility);
  const timer = target.setInterval(check, checkEveryMs);
  return () => {
    for (const e of ACTIVITY_EVENTS) target.removeEventListener(e, touch, { capture: true });
    for (const e of WAKE_EVENTS) target.removeEventListener(e, check);
    target.document.removeEventListener('visibilitychange', onVisibility);
    target.clearInterval(timer);
  };
}
