import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * A ref holding the value of the last render, for handlers created once (a click controller, the
 * imperative handle): it is updated before any later layout effect or event reads it.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
