/** Card payment attempts' reads and writes, in the staff area's one cache. */
import type { closePaymentBody, refundPaymentBody } from '@rental/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';
import type { z } from 'zod';
import type { PaymentTab } from './paymentWords';

type ClosePaymentBody = z.input<typeof closePaymentBody>;
type RefundPaymentBody = z.input<typeof refundPaymentBody>;

export const paymentsKey = (tab: PaymentTab) => [...backOfficeKeys.all, 'payments', tab] as const;

export function usePaymentAttempts(tab: PaymentTab) {
  return useQuery({
    queryKey: paymentsKey(tab),
    queryFn: ({ signal }) => callApi('paymentAttempts', { query: { state: tab }, signal }),
    select: (data) => data.attempts,
  });
}

export const closePayment = (id: string, body: ClosePaymentBody) => callApi('closePayment', { params: { id }, body });
export const refundPayment = (id: string, body: RefundPaymentBody) => callApi('refundPayment', { params: { id }, body });
