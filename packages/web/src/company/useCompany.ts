/**
 * The company's facts (name, contacts, map, locations, deposit, currency) as owners set them.
 * Until they arrive, a page shows the shipped facts, so it paints at once and does not shift.
 */
import type { PublicCompanyFacts } from '@rental/contract/company';
import type { ResponseOf } from '@rental/contract/endpoints';
import { formatMoney } from '@rental/contract/format';
import { SHIPPED_PUBLIC_FACTS } from '@rental/contract/shippedCompany';
import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import { callApi } from '../api/client';
import { queryKeys } from '../lib/queryKeys';

/**
 * What a page shows before the answer: the shipped rules (currency, deposit), but none of the
 * shipped company's identity (name, address, places) nor its placeholder phone, e-mail and chat
 * link, so another company's site never flashes the demo company's name (decision 108). Nor the shipped
 * bank holidays, which no page reads: computing them (DEFAULT_COMPANY) in the entry script cost every
 * page's first download.
 */
const SHIPPED: PublicCompanyFacts = {
  ...SHIPPED_PUBLIC_FACTS,
  name: '',
  address: '',
  openingHours: '',
  locations: [],
  locationDetails: [],
  phone: '',
  email: '',
  chatUrl: '',
};
const NOT_YET = { success: true as const, company: SHIPPED, contactsSaved: false };

/** The company's answer as every reader asks for it: the shipped facts until it arrives. */
export const companyAnswer = {
  queryKey: queryKeys.company,
  queryFn: () => callApi('company'),
  placeholderData: NOT_YET,
  // The facts change a few times a year.
  staleTime: 10 * 60_000,
};

/** The facts with the query's state, for staff pages that wait on the answer. */
export function useCompanyQuery() {
  return useQuery({ ...companyAnswer, select: (answer): PublicCompanyFacts => answer.company });
}

export type CompanyContacts = Pick<PublicCompanyFacts, 'phone' | 'email' | 'chatUrl'>;

/** What the app knows of the company, read once for the whole app (CompanyFactsProvider). */
export type KnownCompany = { facts: PublicCompanyFacts; contacts: CompanyContacts | null };

/** The answer as the app keeps it: its facts, and its contacts once an owner has saved them. */
export function knownCompany(answer: ResponseOf<'company'> | undefined): KnownCompany {
  const { company, contactsSaved } = answer ?? NOT_YET;
  return { facts: company, contacts: contactsSaved ? { phone: company.phone, email: company.email, chatUrl: company.chatUrl } : null };
}

/** Without a provider (a component drawn alone), the shipped facts and no contacts. */
export const CompanyFacts = createContext<KnownCompany>(knownCompany(NOT_YET));

/**
 * The company's phone, e-mail and chat link, or null while they are not known: before the answer
 * arrives, and until an owner has saved the company settings (the shipped ones are placeholders,
 * never shown to customers: pages say the company is setting up, COMPANY_SETTING_UP).
 */
export function useCompanyContacts(): CompanyContacts | null {
  return useContext(CompanyFacts).contacts;
}

export function useCompany(): PublicCompanyFacts {
  return useContext(CompanyFacts).facts;
}

/** Formats an amount in the company's currency: "$8,500 JMD". */
export function useMoney(): (amount: number) => string {
  const { currency } = useCompany();
  return useCallback((amount: number) => formatMoney(amount, currency), [currency]);
}
