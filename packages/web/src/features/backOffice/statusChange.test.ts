import { BOOKING_STATUSES } from '@rental/contract/constants';
import { describe, expect, it } from 'vitest';
import { STATUS_WORDS, statusTone } from '../bookings/bookingStatus';
import { statusChangeEmailsCustomer, statusChangeQuestion } from './statusChange';

const booking = {
  reference: 'WR-7K3M9Q',
  status: 'pending' as const,
  pickupDate: '2026-11-28',
  user: { _id: 'u1', name: 'Ann Brown', email: 'ann@example.com', phone: '' },
  car: { brand: 'Toyota', model: 'Corolla' },
} as Parameters<typeof statusChangeQuestion>[0];

describe('a status change staff are asked about', () => {
  it('is one the server e-mails the customer about: confirmed and cancelled, not back to waiting', () => {
    expect(BOOKING_STATUSES.filter(statusChangeEmailsCustomer)).toEqual(['confirmed', 'cancelled']);
    expect(statusChangeQuestion(booking, 'pending')).toBeNull();
    expect(statusChangeQuestion({ ...booking, status: 'confirmed' }, 'pending')).toBeNull();
    expect(statusChangeQuestion({ ...booking, status: 'confirmed' }, 'confirmed')).toBeNull();
  });

  it('says who gets the e-mail and what it says, with buttons that name what they do', () => {
    expect(statusChangeQuestion(booking, 'confirmed')).toEqual({
      title: 'Confirm booking WR-7K3M9Q?',
      text: 'Ann Brown will get an e-mail at ann@example.com saying that the booking of the Toyota Corolla from Sat 28 Nov 2026 is confirmed.',
      yes: 'Confirm and e-mail the customer',
      no: 'Leave it waiting for confirmation',
    });
    expect(statusChangeQuestion({ ...booking, status: 'confirmed' }, 'cancelled')).toEqual({
      title: 'Cancel booking WR-7K3M9Q?',
      text: "Ann Brown will get an e-mail at ann@example.com saying that the booking of the Toyota Corolla from Sat 28 Nov 2026 is cancelled. The car's days become free for other customers.",
      yes: 'Cancel it and e-mail the customer',
      no: 'Leave it confirmed',
    });
    expect(statusChangeQuestion({ ...booking, status: 'cancelled' }, 'confirmed')?.no).toBe('Leave it cancelled');
  });
});

describe('the status in words and colours', () => {
  it('names every status in words, as the customer reads the live ones', () => {
    expect(BOOKING_STATUSES.map((status) => STATUS_WORDS[status])).toEqual([
      'Waiting for confirmation',
      'Confirmed',
      'Cancelled',
      'Picked up',
      'Returned',
      'No-show',
    ]);
  });

  it('draws waiting apart from cancelled: amber, green and red families; a rental that came back in grey', () => {
    expect(BOOKING_STATUSES.map(statusTone)).toEqual(['waiting', 'good', 'ended', 'good', 'done', 'ended']);
  });

  it('asks nothing before a no-show: the customer gets no e-mail of it', () => {
    expect(statusChangeEmailsCustomer('no_show')).toBe(false);
    expect(statusChangeQuestion(booking, 'no_show')).toBeNull();
  });
});
