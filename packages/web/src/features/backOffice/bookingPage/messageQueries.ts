/** A booking's WhatsApp and SMS messages for staff: asked again every little while, so a customer's reply shows up on its own. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SendBookingMessageBody } from '@rental/contract/schemas';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';
import { unreadMessagesKey } from '../messages/unreadQueries';

const REFRESH_MS = 15_000;

const messagesKey = (bookingId: string) => [...backOfficeKeys.all, 'messages', bookingId] as const;

export function useBookingMessages(bookingId: string) {
  return useQuery({
    queryKey: messagesKey(bookingId),
    queryFn: ({ signal }) => callApi('bookingMessages', { params: { id: bookingId }, signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function useSendBookingMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendBookingMessageBody) => callApi('sendBookingMessage', { params: { id: bookingId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey(bookingId) }),
  });
}

/** The customer's messages opened: the booking leaves the desk's customers waiting for an answer. */
export function useMarkMessagesSeen(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('bookingMessagesSeen', { params: { id: bookingId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unreadMessagesKey }),
  });
}
