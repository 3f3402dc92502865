import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { callApi } from '../api/client';
import { queryKeys } from '../lib/queryKeys';
import { CompanyFacts, knownCompany, NOT_YET } from './useCompany';

/**
 * Reads the company's facts once for every page beneath it: one query observer, where the header,
 * the footer, the page and each car card had one of their own. Each observer subscribes and sets
 * its timers as a drawn page is hydrated, in the one task React gives the page's effects, and a
 * list of cards made that task longer by a dozen of them on a phone's CPU.
 */
export function CompanyFactsProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery({
    queryKey: queryKeys.company,
    queryFn: () => callApi('company'),
    placeholderData: NOT_YET,
    // The facts change a few times a year.
    staleTime: 10 * 60_000,
  });
  const known = useMemo(() => knownCompany(data), [data]);
  return <CompanyFacts.Provider value={known}>{children}</CompanyFacts.Provider>;
}
