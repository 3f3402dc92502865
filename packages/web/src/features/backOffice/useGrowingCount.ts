/**
 * How many of a long list's rows to draw now: `first` at once, then `step` more in each later task
 * until all are drawn. A thousand-car timeline drawn in one go held the page for most of a second,
 * and Manage Bookings' 50 rows a third of one (Lighthouse's Total Blocking Time, bench/staff-pages.mjs);
 * in steps, the rows on screen come first and the page answers between steps. Each step is a
 * transition: a click or a key comes first. It starts again from `first` when `restart` changes
 * (another range of days, another search: every row is new); more rows at the end (Load more) are
 * simply drawn in steps from where it is.
 *
 * The count for a new `restart` is derived in render, never set there: a state set while rendering
 * could be lost beside a pending step, and then nothing asked for the next one (a phone's list once
 * stayed at its first 15 rows). Each step sets the count it means for the `restart` it was asked
 * for, so every change of the count asks for the next step until all rows are drawn. The step waits
 * for a posted message rather than a timer: both give it a task of its own, but a browser may slow
 * the timers of a page it deems in the background.
 */
import { startTransition, useEffect, useState } from 'react';

export function useGrowingCount(total: number, restart: unknown, first = 30, step = 40): number {
  const [drawn, setDrawn] = useState({ restart, count: first });
  const count = drawn.restart === restart ? drawn.count : first;
  useEffect(() => {
    if (count >= total) return;
    const channel = new MessageChannel();
    channel.port1.addEventListener('message', () => startTransition(() => setDrawn({ restart, count: count + step })));
    channel.port1.start();
    channel.port2.postMessage(null);
    // A step asked for another list is dropped with it.
    return () => channel.port1.close();
  }, [count, total, restart, step]);
  return Math.min(count, total);
}
