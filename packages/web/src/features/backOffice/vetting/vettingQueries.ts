/** The driver checks' reads and writes, in the staff area's one cache. */
import type { DoNotRentBody, VettingDecisionBody } from '@rental/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';
import type { VettingTab } from './vettingWords';

export const vettingKey = (tab: VettingTab) => [...backOfficeKeys.all, 'vetting', tab] as const;

export function useVettingList(tab: VettingTab) {
  return useQuery({
    queryKey: vettingKey(tab),
    queryFn: ({ signal }) => callApi('vetting', { query: { status: tab }, signal }),
    select: (data) => data.customers,
  });
}

export const decideVetting = (body: VettingDecisionBody) => callApi('decideVetting', { body });
export const markDoNotRent = (id: string, body: DoNotRentBody) => callApi('markDoNotRent', { params: { id }, body });
export const clearDoNotRent = (id: string) => callApi('clearDoNotRent', { params: { id } });
