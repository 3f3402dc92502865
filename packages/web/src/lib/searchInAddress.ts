import { useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';

/** How long typing may pause before a search is put in the address (and so asked of the server). */
export const SEARCH_SETTLE_MS = 250;

/**
 * A search box whose words live in the address (?search=), as the car list and the timeline keep
 * theirs: what is typed settles into the address after a pause (and the list goes back to its
 * first page, ?page= dropped), and an address changed from outside the box (Back, a link) puts its
 * words in the box. `searchInLink` is the search the address holds, as the page reads it. Returns the
 * box's words and their setter.
 */
export function useSearchInAddress(searchInLink: string, setParams: SetURLSearchParams, settleMs = SEARCH_SETTLE_MS) {
  const [search, setSearch] = useState(searchInLink);
  useEffect(() => {
    if (search.trim() === searchInLink) return undefined;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (search.trim()) updated.set('search', search.trim());
          else updated.delete('search');
          updated.delete('page');
          return updated;
        },
        { replace: true },
      );
    }, settleMs);
    return () => clearTimeout(timer);
  }, [search, searchInLink, setParams, settleMs]);
  const [seenInLink, setSeenInLink] = useState(searchInLink);
  if (seenInLink !== searchInLink) {
    setSeenInLink(searchInLink);
    if (search.trim() !== searchInLink) setSearch(searchInLink);
  }
  return [search, setSearch] as const;
}
