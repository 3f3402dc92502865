/**
 * The company's bank account for payments by bank deposit. Apart from bookingQueries.ts: the payment
 * step needs only this, and that module's other queries and cancelling came with it (0.4 KB gzip of
 * the payment page opened first).
 */
import { MESSAGES } from '@rental/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { queryKeys } from '../../lib/queryKeys';

export function usePublicBankDetails(enabled = true) {
  const bank = useQuery({
    queryKey: queryKeys.publicBankDetails,
    queryFn: () => callApi('publicBankDetails'),
    select: (data) => data.bankDetails,
    enabled,
    meta: { errorToast: MESSAGES.errorFetchingBankDetails },
  });
  return bank;
}
