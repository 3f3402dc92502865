import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Focus for an element that the same event makes appear: a timer can run before React has drawn
 * it, so the focus is moved by an effect, after the render that shows it.
 */
export function useFocusAfterRender<T extends HTMLElement>(): [RefObject<T | null>, () => void] {
  const ref = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) ref.current?.focus();
  }, [requests]);
  return [ref, () => setRequests((count) => count + 1)];
}
