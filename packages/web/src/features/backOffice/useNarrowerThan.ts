import { useCallback, useSyncExternalStore } from 'react';

// Tailwind's breakpoints, in rem like Tailwind 4 states them.
const BREAKPOINTS = { md: 48, lg: 64, xl: 80 } as const;

function mediaQuery(query: string): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;
}

/**
 * True while the screen is narrower than the breakpoint: the owner's lists then show cards instead of a
 * table. Only one of the two is rendered, so every control and its accessible name exists once.
 * Without matchMedia (jsdom, old engines) nothing is known about the screen: the table is the default.
 */
export function useNarrowerThan(breakpoint: keyof typeof BREAKPOINTS): boolean {
  const query = `(max-width: ${BREAKPOINTS[breakpoint] - 0.01}rem)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQuery(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => mediaQuery(query)?.matches ?? false, [query]);
  return useSyncExternalStore(subscribe, matches, () => false);
}
