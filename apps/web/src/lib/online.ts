import { useSyncExternalStore } from 'react';

/** The moment this page started: an answer older than it was restored from the last visit, not fetched now. */
export const PAGE_STARTED_AT = Date.now();

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the browser has a network (false: no connection at all; true says nothing about the server). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
