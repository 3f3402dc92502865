/**
 * The rules of the staff's "New booking" page (a walk-in at the counter, a customer on the phone),
 * as small pure functions: the page only lays them out. The server checks all of it again
 * (POST /api/owner/bookings, docs/decisions/094); these say the problem before a round trip.
 */
import { CUSTOMER_SEARCH_MIN, type CustomerMatch, type StaffBookingBodyInput, type StaffBookingStatus } from '@rental/contract/schemas';
import { rentalDatesProblem } from '@rental/contract/rentalDates';
import { choicesBody, deliveryProblem, type PriceChoices } from '../../bookings/priceChoices';

/** Who the booking is for: a customer found by the search, or someone new typed in. */
export type CustomerChoice = { kind: 'found'; customer: CustomerMatch } | { kind: 'new'; name: string; phone: string; email: string } | { kind: 'none' };

export type StaffPaymentMethod = 'upfront' | 'cash_deposit';

export interface NewBookingForm {
  customer: CustomerChoice;
  carId: string;
  pickupDate: string;
  returnDate: string;
  choices: PriceChoices;
  paymentMethod: StaffPaymentMethod;
  status: StaffBookingStatus;
}

export const PAYMENT_CHOICES: readonly { value: StaffPaymentMethod; label: string; detail: string }[] = [
  { value: 'upfront', label: 'Pays at the counter', detail: 'The full amount at pickup, cash or card at the desk.' },
  { value: 'cash_deposit', label: 'Bank deposit', detail: 'The customer pays into the company’s bank account.' },
];

export const STATUS_CHOICES: readonly { value: StaffBookingStatus; label: string; detail: string }[] = [
  { value: 'confirmed', label: 'Confirmed', detail: 'The car is promised: the customer is told it is confirmed.' },
  { value: 'pending', label: 'Waiting for confirmation', detail: 'A hold, like a customer’s own booking: confirm it later.' },
];

/** The search is sent only once it can find someone (the server finds nobody for less). */
export function searchWorthAsking(text: string): boolean {
  return text.trim().length >= CUSTOMER_SEARCH_MIN;
}

const PHONE_DIGITS = /\d/g;

/** A new customer started from what was searched: a phone number goes in the phone box, anything else is their name. */
export function newCustomerFrom(search: string): CustomerChoice {
  const text = search.trim();
  const looksLikePhone = /^[+\d\s().-]+$/.test(text) && /\d/.test(text);
  return { kind: 'new', name: looksLikePhone ? '' : text, phone: looksLikePhone ? text : '', email: '' };
}

/** What staff must fix about the customer, or null. */
export function customerProblem(choice: CustomerChoice): string | null {
  if (choice.kind === 'none') return 'Please find the customer, or add a new one.';
  if (choice.kind === 'found') {
    if (choice.customer.doNotRent) return 'This customer is marked “do not rent”, so they cannot be booked.';
    if (choice.customer.vetting === 'rejected') return 'This customer was not approved as a driver, so they cannot be booked.';
    return null;
  }
  if (!choice.name.trim()) return 'Please give the new customer’s name.';
  if ((choice.phone.match(PHONE_DIGITS) ?? []).length < 7) return 'Please give the new customer’s phone number (at least 7 digits).';
  const email = choice.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return 'Please check the e-mail address, such as name@example.com, or leave it empty.';
  return null;
}

/** The first problem of the whole form, in the order the page shows its parts; null when it can be sent. */
export function newBookingProblem(form: NewBookingForm, today: string): string | null {
  const customer = customerProblem(form.customer);
  if (customer) return customer;
  if (!form.carId) return 'Please choose the car.';
  if (!form.pickupDate || !form.returnDate) return 'Please choose the pickup and return days.';
  const dates = rentalDatesProblem(form.pickupDate, form.returnDate, today);
  if (dates) return dates.message;
  return deliveryProblem(form.choices);
}

/** The dates, once they make a rental the quote can price; null while they do not. */
export function quotableDates(form: Pick<NewBookingForm, 'pickupDate' | 'returnDate'>, today: string): { pickupDate: string; returnDate: string } | null {
  const { pickupDate, returnDate } = form;
  if (!pickupDate || !returnDate || rentalDatesProblem(pickupDate, returnDate, today)) return null;
  return { pickupDate, returnDate };
}

/** What is sent to POST /api/owner/bookings (the form must have no problem). */
export function newBookingBody(form: NewBookingForm): StaffBookingBodyInput {
  const { customer } = form;
  if (customer.kind === 'none') throw new Error('newBookingBody: no customer chosen');
  const who =
    customer.kind === 'found'
      ? { userId: customer.customer._id }
      : { name: customer.name.trim(), phone: customer.phone.trim(), ...(customer.email.trim() ? { email: customer.email.trim() } : {}) };
  return {
    customer: who,
    car: form.carId,
    pickupDate: form.pickupDate,
    returnDate: form.returnDate,
    paymentMethod: form.paymentMethod,
    status: form.status,
    ...choicesBody(form.choices),
  };
}

/** One found customer, as the list says them: how to reach them, their bookings, what to watch for. */
export function customerSummary(customer: CustomerMatch): { contact: string; notes: string[] } {
  const contact = [customer.phone, customer.email].filter(Boolean).join(' · ') || 'No phone or e-mail';
  const notes = [customer.bookings === 0 ? 'No bookings yet' : customer.bookings === 1 ? '1 booking' : `${customer.bookings} bookings`];
  if (customer.doNotRent) notes.push('Do not rent');
  if (customer.vetting === 'rejected') notes.push('Not approved as a driver');
  else if (customer.vetting === 'approved') notes.push('Driver approved');
  else if (customer.vetting === 'waiting') notes.push('Driver details wait for a check');
  else notes.push('No driver details yet');
  return { contact, notes };
}

/** What the search list says when it has nothing to show. */
export function searchStatus(text: string, found: readonly CustomerMatch[] | undefined, searching: boolean): string {
  if (!searchWorthAsking(text)) return 'Type at least 2 letters or digits of a name, e-mail or phone number.';
  if (searching && !found) return 'Searching…';
  if (!found || found.length === 0) return 'No customer matches. Check the spelling, or add them as a new customer.';
  return found.length === 1 ? '1 customer found.' : `${found.length} customers found.`;
}

/** Where the booking is seen once made: Manage Bookings, searched for its reference. */
export function bookingPageLink(reference: string): string {
  return `/owner/manage-bookings?${new URLSearchParams({ q: reference })}`;
}
