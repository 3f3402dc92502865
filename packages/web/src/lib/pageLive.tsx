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
    // In a task of its own: this effect runs in the one task React gives all the hydrated page's
    // effects (~230 ms of a phone's CPU on /cars, bench/long-tasks.mjs), and boot's answer to the
    // event (giving the held tap back) need not lengthen it. Not cancelled on unmount: the page is
    // live even if this part is gone by then, and boot listens once.
    setTimeout(() => document.dispatchEvent(new Event(PAGE_LIVE_EVENT)), 0);
  }, []);
  return null;
}
