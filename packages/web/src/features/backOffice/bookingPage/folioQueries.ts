/** A booking's folio for staff, and its four writes: each answers the new folio, which replaces the cached one. */
import type { Folio, FolioChargeBody, FolioPaymentBody, FolioRefundBody, FolioVoidBody } from '@rental/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';

const folioKey = (bookingId: string) => [...backOfficeKeys.all, 'folio', bookingId] as const;

export function useStaffFolio(bookingId: string) {
  return useQuery({
    queryKey: folioKey(bookingId),
    queryFn: ({ signal }) => callApi('folio', { params: { id: bookingId }, signal }),
    select: (answer) => answer.folio,
  });
}

export type FolioWrite =
  | { kind: 'payment'; body: FolioPaymentBody }
  | { kind: 'refund'; body: FolioRefundBody }
  | { kind: 'charge'; body: FolioChargeBody }
  | { kind: 'void'; lineId: string; body: FolioVoidBody };

function send(bookingId: string, write: FolioWrite) {
  const params = { id: bookingId };
  switch (write.kind) {
    case 'payment':
      return callApi('recordPayment', { params, body: write.body });
    case 'refund':
      return callApi('recordRefund', { params, body: write.body });
    case 'charge':
      return callApi('addCharge', { params, body: write.body });
    case 'void':
      return callApi('voidLine', { params: { ...params, lineId: write.lineId }, body: write.body });
  }
}

/**
 * Sends one write; the answer's folio is shown at once, and the lists that show what is paid
 * (Manage Bookings, the desk) are asked again. A refusal is thrown to the form that sent it.
 */
export function useFolioWrite(bookingId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (write: FolioWrite): Promise<{ message: string; folio: Folio }> => {
      const answer = await send(bookingId, write);
      queryClient.setQueryData(folioKey(bookingId), { success: true as const, folio: answer.folio });
      void queryClient.invalidateQueries({ queryKey: backOfficeKeys.all, predicate: (query) => query.queryKey[1] !== 'folio' });
      return answer;
    },
    [bookingId, queryClient],
  );
}

/** After a refusal that says the folio moved on (a line voided meanwhile, nothing owing): read it again. */
export function useRefreshFolio(bookingId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: folioKey(bookingId) }), [bookingId, queryClient]);
}
