/** Card payment attempts' reads and writes, in the owner area's one cache. */
import type { closePaymentBody, refundPaymentBody } from '@rental/contract/schemas';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { ownerKeys } from '../ownerQueries';
import type { z } from 'zod';
import type { PaymentTab } from './paymentWords';

type ClosePaymentBody = z.input<typeof closePaymentBody>;
type RefundPaymentBody = z.input<typeof refundPaymentBody>;

export const paymentsKey = (tab: PaymentTab) => [...ownerKeys.all, 'payments', tab] as const;

export function usePaymentAttempts(tab: PaymentTab) {
  return useQuery({
    queryKey: paymentsKey(tab),
    queryFn: ({ signal }) => callApi('paymentAttempts', { query: { state: tab }, signal }),
    select: (data) => data.attempts,
  });
}

/** Closing an attempt as paid marks its booking paid: all of the owner area is read again. */
export const refreshOwner = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ownerKeys.all });

export const closePayment = (id: string, body: ClosePaymentBody) => callApi('closePayment', { params: { id }, body });
export const refundPayment = (id: string, body: RefundPaymentBody) => callApi('refundPayment', { params: { id }, body });
