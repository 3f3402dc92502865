/**
 * Paying a booking by card: the server opens an attempt and answers the provider's card page, and
 * the browser goes there (a full page load: the provider's page is another site). What the customer
 * reads on coming back is CardPayment.tsx's.
 */
import { callApi, errorMessage } from '../../api/client';

export const CARD_PAGE_FAILED = 'We could not open the card payment page. Your booking is made; you can try again below or choose another way to pay.';

/** Sends the browser to the provider's card page; the problem in plain words when the page cannot be had. */
export async function startCardPayment(bookingId: string): Promise<string | null> {
  try {
    const { redirectUrl } = await callApi('startPayment', { body: { bookingId } });
    window.location.assign(redirectUrl);
    return null;
  } catch (error) {
    return errorMessage(error, CARD_PAGE_FAILED);
  }
}
