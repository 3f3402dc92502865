import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { CompanyFacts, companyAnswer, knownCompany } from './useCompany';

/**
 * Reads the company's facts once for every page beneath it: one query observer, where the header,
 * the footer, the page and each car card had one of their own. Each observer subscribes and sets
 * its timers as a drawn page is hydrated, in the one task React gives the page's effects, and a
 * list of cards made that task longer by a dozen of them on a phone's CPU.
 */
export function CompanyFactsProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(companyAnswer);
  const known = useMemo(() => knownCompany(data), [data]);
  return <CompanyFacts.Provider value={known}>{children}</CompanyFacts.Provider>;
}
