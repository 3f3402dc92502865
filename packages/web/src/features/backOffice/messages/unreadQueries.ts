/**
 * The bookings whose customer wrote by WhatsApp or SMS and waits for an answer: one read shared by
 * the desk and the side menu's count (the same key, so one call a minute however many show it).
 */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';

export const unreadMessagesKey = [...backOfficeKeys.all, 'unreadMessages'] as const;

export function useUnreadMessages() {
  return useQuery({
    queryKey: unreadMessagesKey,
    queryFn: ({ signal }) => callApi('unreadMessages', { signal }),
    // A customer's message comes in at any time: asked again as often as the desk is.
    refetchInterval: 60_000,
  });
}

/** Where staff read and answer a booking's messages: its page, at the messages. */
export const messagesLink = (bookingId: string) => `/owner/bookings/${bookingId}#messages`;

/** "1 new message", "3 new messages". */
export const newMessagesText = (count: number) => (count === 1 ? '1 new message' : `${count} new messages`);
