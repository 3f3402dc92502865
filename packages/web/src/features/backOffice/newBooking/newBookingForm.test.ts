import type { CustomerMatch } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import { NO_CHOICES } from '../../bookings/priceChoices';
import {
  bookingPageLink,
  customerProblem,
  customerSummary,
  type NewBookingForm,
  newBookingBody,
  newBookingProblem,
  newCustomerFrom,
  quotableDates,
  searchStatus,
  searchWorthAsking,
} from './newBookingForm';

const TODAY = '2026-11-27';
const found: CustomerMatch = {
  _id: 'c1',
  name: 'Rohan Campbell',
  email: 'rohan@example.com',
  phone: '876 555 0101',
  vetting: 'approved',
  doNotRent: false,
  bookings: 3,
};
const walkIn = { kind: 'new' as const, name: ' Desmond Walker ', phone: '(876) 555-0102', email: '' };
const form = (changes: Partial<NewBookingForm> = {}): NewBookingForm => ({
  customer: walkIn,
  carId: 'car-1',
  pickupDate: '2026-11-28',
  returnDate: '2026-11-30',
  choices: NO_CHOICES,
  paymentMethod: 'upfront',
  status: 'confirmed',
  ...changes,
});

describe('the new booking form', () => {
  it('asks the server only once the search can find someone', () => {
    expect(searchWorthAsking(' a ')).toBe(false);
    expect(searchWorthAsking('ro')).toBe(true);
    expect(searchStatus('r', undefined, false)).toMatch(/at least 2/);
    expect(searchStatus('rohan', undefined, true)).toBe('Searching…');
    expect(searchStatus('rohan', [], false)).toMatch(/add them as a new customer/);
    expect(searchStatus('rohan', [found], false)).toBe('1 customer found.');
  });

  it('needs a customer: found and bookable, or new with a name and a phone number', () => {
    expect(customerProblem({ kind: 'none' })).toMatch(/find the customer/);
    expect(customerProblem({ kind: 'found', customer: found })).toBeNull();
    expect(customerProblem({ kind: 'found', customer: { ...found, doNotRent: true } })).toMatch(/do not rent/);
    expect(customerProblem({ kind: 'found', customer: { ...found, vetting: 'rejected' } })).toMatch(/not approved/);
    expect(customerProblem({ ...walkIn, name: '  ' })).toMatch(/name/);
    expect(customerProblem({ ...walkIn, phone: '555' })).toMatch(/phone number/);
    expect(customerProblem({ ...walkIn, email: 'not an address' })).toMatch(/e-mail/);
    expect(customerProblem({ ...walkIn, email: 'desmond@example.com' })).toBeNull();
    expect(customerProblem(walkIn)).toBeNull();
  });

  it('says the first problem in the order of the page, the dates by the contract’s rules', () => {
    expect(newBookingProblem(form(), TODAY)).toBeNull();
    expect(newBookingProblem(form({ customer: { kind: 'none' }, carId: '' }), TODAY)).toMatch(/customer/);
    expect(newBookingProblem(form({ carId: '' }), TODAY)).toBe('Please choose the car.');
    expect(newBookingProblem(form({ returnDate: '' }), TODAY)).toMatch(/pickup and return days/);
    expect(newBookingProblem(form({ pickupDate: '2026-11-30', returnDate: '2026-11-28' }), TODAY)).toBeTruthy();
    expect(newBookingProblem(form({ pickupDate: '2026-11-20', returnDate: '2026-11-21' }), TODAY)).toBeTruthy();
  });

  it('prices only dates that make a rental', () => {
    expect(quotableDates(form(), TODAY)).toEqual({ pickupDate: '2026-11-28', returnDate: '2026-11-30' });
    expect(quotableDates(form({ returnDate: '2026-11-27' }), TODAY)).toBeNull();
    expect(quotableDates(form({ pickupDate: '' }), TODAY)).toBeNull();
  });

  it('sends a new customer trimmed, without an empty e-mail; a found one by id', () => {
    expect(newBookingBody(form())).toMatchObject({
      customer: { name: 'Desmond Walker', phone: '(876) 555-0102' },
      car: 'car-1',
      pickupDate: '2026-11-28',
      returnDate: '2026-11-30',
      paymentMethod: 'upfront',
      status: 'confirmed',
    });
    expect(newBookingBody(form()).customer).not.toHaveProperty('email');
    expect(newBookingBody(form({ customer: { ...walkIn, email: ' d@example.com ' } })).customer).toEqual({
      name: 'Desmond Walker',
      phone: '(876) 555-0102',
      email: 'd@example.com',
    });
    expect(newBookingBody(form({ customer: { kind: 'found', customer: found }, status: 'pending' }))).toMatchObject({
      customer: { userId: 'c1' },
      status: 'pending',
    });
  });

  it('starts a new customer from the search: a phone number as their phone, anything else as their name', () => {
    expect(newCustomerFrom(' (876) 555-0101 ')).toEqual({ kind: 'new', name: '', phone: '(876) 555-0101', email: '' });
    expect(newCustomerFrom('Desmond Walker 2')).toEqual({ kind: 'new', name: 'Desmond Walker 2', phone: '', email: '' });
    expect(newCustomerFrom('')).toEqual({ kind: 'new', name: '', phone: '', email: '' });
  });

  it('says who a found customer is in a line, with what to watch for', () => {
    expect(customerSummary(found)).toEqual({ contact: '876 555 0101 · rohan@example.com', notes: ['3 bookings', 'Driver approved'] });
    expect(customerSummary({ ...found, email: '', phone: '', bookings: 0, doNotRent: true, vetting: 'not_submitted' })).toEqual({
      contact: 'No phone or e-mail',
      notes: ['No bookings yet', 'Do not rent', 'No driver details yet'],
    });
  });

  it('goes to Manage Bookings searched for the new reference', () => {
    expect(bookingPageLink('WR-7K3M9Q')).toBe('/owner/manage-bookings?q=WR-7K3M9Q');
  });
});
