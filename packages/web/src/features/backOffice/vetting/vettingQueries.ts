/** The driver checks' reads and writes, in the owner area's one cache. */
import type { DoNotRentBody, VettingDecisionBody } from '@rental/contract/schemas';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { ownerKeys } from '../ownerQueries';
import type { VettingTab } from './vettingWords';

export const vettingKey = (tab: VettingTab) => [...ownerKeys.all, 'vetting', tab] as const;

export function useVettingList(tab: VettingTab) {
  return useQuery({
    queryKey: vettingKey(tab),
    queryFn: ({ signal }) => callApi('vetting', { query: { status: tab }, signal }),
    select: (data) => data.customers,
  });
}

/** A decision moves the customer between lists and changes their chips on every booking: all of the owner area is read again. */
export const refreshOwner = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ownerKeys.all });

export const decideVetting = (body: VettingDecisionBody) => callApi('decideVetting', { body });
export const markDoNotRent = (id: string, body: DoNotRentBody) => callApi('markDoNotRent', { params: { id }, body });
export const clearDoNotRent = (id: string) => callApi('clearDoNotRent', { params: { id } });
