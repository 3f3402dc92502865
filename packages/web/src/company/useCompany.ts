/**
 * The company's facts (name, contacts, map, locations, deposit, currency) as owners set them.
 * Until they arrive, a page shows the shipped facts, so it paints at once and does not shift.
 */
import { type CompanyFacts, DEFAULT_COMPANY } from '@rental/contract/company';
import { formatMoney } from '@rental/contract/format';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../api/client';
import { queryKeys } from '../lib/queryKeys';

export function useCompanyQuery() {
  return useQuery({
    queryKey: queryKeys.company,
    queryFn: () => callApi('company'),
    select: (answer): CompanyFacts => answer.company,
    placeholderData: { success: true, company: DEFAULT_COMPANY },
    // The facts change a few times a year.
    staleTime: 10 * 60_000,
  });
}

export function useCompany(): CompanyFacts {
  return useCompanyQuery().data ?? DEFAULT_COMPANY;
}

/** Formats an amount in the company's currency: "$8,500 JMD". */
export function useMoney(): (amount: number) => string {
  const { currency } = useCompany();
  return useCallback((amount: number) => formatMoney(amount, currency), [currency]);
}
