import { PAGE_LIVE_EVENT } from '@rental/contract/constants';
import { useEffect } from 'react';

/**
 * Says that React has taken a server-drawn page over, so boot.ts stops holding taps and gives the
 * one it held (decision 076). It must sit inside the page's own <Suspense>: React commits the root
 * first and hydrates a boundary's content later, and until then a tap on the page is dropped (or a
 * form is sent natively). Its effect runs once that content is hydrated; on a page drawn in the
 * browser nobody listens. By then the fields' owners have taken in what the visitor left in them
 * (useDrawnFieldValue's layout effects run in the same commit, before this passive effect), so the
 * held tap reads the visitor's choices (decision 086).
 */
export function SayPageLive() {
  useEffect(() => {
    document.dispatchEvent(new Event(PAGE_LIVE_EVENT));
  }, []);
  return null;
}
