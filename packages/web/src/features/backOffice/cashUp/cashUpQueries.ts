/** The day's cash-up's reads and writes, in the staff area's one cache. */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';

export const cashUpKey = (date: string, staffId: string) => [...backOfficeKeys.all, 'cash-up', date, staffId] as const;

/** staffId '' is the whole desk. */
export function useCashUp(date: string, staffId: string, enabled: boolean) {
  return useQuery({
    queryKey: cashUpKey(date, staffId),
    queryFn: ({ signal }) => callApi('cashUp', { query: { date, ...(staffId && { staffId }) }, signal }),
    select: (data) => data.cashUp,
    enabled,
  });
}

export const closeCashUp = (body: { date: string; staffId: string; countedCash: number; note: string }) =>
  callApi('closeCashUp', { body: { date: body.date, countedCash: body.countedCash, note: body.note, ...(body.staffId && { staffId: body.staffId }) } });

export const reopenCashUp = (date: string, staffId: string, reason: string) =>
  callApi('reopenCashUp', { params: { date }, body: { reason, ...(staffId && { staffId }) } });
