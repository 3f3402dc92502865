/**
 * How many of a long list's rows to draw now: `first` at once, then `step` more in each later task
 * until all are drawn. A thousand-car timeline drawn in one go held the page for most of a second,
 * and Manage Bookings' 50 rows a third of one (Lighthouse's Total Blocking Time, bench/staff-pages.mjs);
 * in steps, the rows on screen come first and the page answers between steps. Each step is a
 * transition: a click or a key comes first. It starts again from `first` when `restart` changes
 * (another range of days, another search: every row is new); more rows at the end (Load more) are
 * simply drawn in steps from where it is.
 */
import { startTransition, useEffect, useState } from 'react';

export function useGrowingCount(total: number, restart: unknown, first = 30, step = 40): number {
  const [state, setState] = useState({ restart, count: first });
  // A new range: back to the first rows, in this render already (no frame with every row).
  const current = state.restart === restart ? state : { restart, count: first };
  if (current !== state) setState(current);
  const { count } = current;
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setState((s) => (s.restart === restart ? { restart, count: s.count + step } : s))), 0);
    return () => clearTimeout(timer);
  }, [count, total, restart, step]);
  return Math.min(count, total);
}
