import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A new address starts at the top of its page, as a fresh document would. Not the document's first
 * page: the browser placed it, and a page drawn on the server may have been scrolled before React
 * took it over. Sits outside RouteErrorBoundary, which mounts the app anew for every address, so it
 * remembers the address before.
 */
export function NewPageAtTop() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}
