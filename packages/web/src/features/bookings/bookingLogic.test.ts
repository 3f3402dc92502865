import { addDays } from '@rental/contract/rentalDates';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../lib/dates';
import { canCancel, historyText, statusText } from './bookingStatus';
import { bookingChatText, chatLinkWithText } from './chatLink';
import { nextSelection, selectionPrompt } from './dateSelection';
import { bookingIcs, escapeText, foldLine } from './icalendar';

const today = '2026-11-20';
const reserved = [{ pickupDate: '2026-11-25', returnDate: '2026-11-27' }];

describe('choosing days on the calendar', () => {
  it('first click is the pickup day, second the return day, a third starts again', () => {
    let step = nextSelection({ pickupDate: '', returnDate: '' }, '2026-11-21', reserved, today);
    expect(step).toEqual({ pickupDate: '2026-11-21', returnDate: '', note: null });
    step = nextSelection(step, '2026-11-23', reserved, today);
    expect(step).toEqual({ pickupDate: '2026-11-21', returnDate: '2026-11-23', note: null });
    step = nextSelection(step, '2026-11-22', reserved, today);
    expect(step).toEqual({ pickupDate: '2026-11-22', returnDate: '', note: null });
  });

  it('a same-day return is one day; a day before the pickup moves the pickup', () => {
    expect(nextSelection({ pickupDate: '2026-11-22', returnDate: '' }, '2026-11-22', reserved, today).returnDate).toBe('2026-11-22');
    expect(nextSelection({ pickupDate: '2026-11-22', returnDate: '' }, '2026-11-21', reserved, today)).toMatchObject({
      pickupDate: '2026-11-21',
      returnDate: '',
    });
  });

  it('never spans a taken day: the later day becomes the pickup, and the customer is told', () => {
    const step = nextSelection({ pickupDate: '2026-11-22', returnDate: '' }, '2026-11-29', reserved, today);
    expect(step.pickupDate).toBe('2026-11-29');
    expect(step.returnDate).toBe('');
    expect(step.note).toContain(`${formatCalendarDate('2026-11-29')} is now your pickup day`);
  });

  it('refuses a rental longer than the limit, with the contract’s message', () => {
    const step = nextSelection({ pickupDate: '2026-12-01', returnDate: '' }, addDays('2026-12-01', 120), [], today);
    expect(step.returnDate).toBe('');
    expect(step.note).toBeTruthy();
  });

  it('says what to do next in plain words', () => {
    expect(selectionPrompt({ pickupDate: '', returnDate: '' })).toBe('Choose your pickup day on the calendar.');
    expect(selectionPrompt({ pickupDate: '2026-11-28', returnDate: '' })).toMatch(/^Pickup Sat 28 Nov 2026\. Now choose your return day/);
    expect(selectionPrompt({ pickupDate: '2026-11-28', returnDate: '2026-12-01' })).toBe('Pickup Sat 28 Nov 2026, return Tue 1 Dec 2026: 3 days of rental.');
  });
});

describe('status in plain words, and the cancel rule', () => {
  it('names every status and reason as a customer reads it', () => {
    expect(statusText('pending', null)).toBe('Waiting for confirmation');
    expect(statusText('confirmed', null)).toBe('Confirmed');
    expect(statusText('cancelled', 'customer')).toBe('Cancelled by you');
    expect(statusText('cancelled', 'staff')).toBe('Cancelled by the company');
    expect(statusText('cancelled', 'expired')).toBe('Expired: not confirmed in time');
    expect(statusText('on_rent', null)).toBe('Picked up');
    expect(statusText('returned', null)).toBe('Returned');
    expect(statusText('no_show', null)).toBe('No-show');
    expect(historyText('pending', null)).toBe('Booked: waiting for the company to confirm');
  });

  it('allows cancelling while pending, or confirmed before the pickup day', () => {
    expect(canCancel({ status: 'pending', pickupDate: today }, today)).toBe(true);
    expect(canCancel({ status: 'confirmed', pickupDate: addDays(today, 1) }, today)).toBe(true);
    expect(canCancel({ status: 'confirmed', pickupDate: today }, today)).toBe(false);
    expect(canCancel({ status: 'confirmed', pickupDate: addDays(today, -2) }, today)).toBe(false);
    expect(canCancel({ status: 'cancelled', pickupDate: addDays(today, 5) }, today)).toBe(false);
    // Picked up, returned or not picked up: past cancelling online, whatever the dates say.
    for (const status of ['on_rent', 'returned', 'no_show'] as const) expect(canCancel({ status, pickupDate: addDays(today, 5) }, today)).toBe(false);
  });
});

describe('the chat link', () => {
  it('opens the company’s WhatsApp chat with the reference typed, encoded', () => {
    const link = chatLinkWithText('https://wa.me/18765550142', bookingChatText('WR-7K3M9Q'));
    expect(link).toBe('https://wa.me/18765550142?text=Hello%2C+I+am+writing+about+my+booking+WR-7K3M9Q.');
    expect(chatLinkWithText('https://wa.me/18765550142?lang=en', 'Hi & bye')).toBe('https://wa.me/18765550142?lang=en&text=Hi+%26+bye');
  });
});

describe('the Add to calendar file', () => {
  const company = {
    name: 'Waterford Car Rental',
    address: 'Waterford, Portmore; St. Catherine',
    phone: '+1 (876) 555-0142',
    openingHours: 'Mon–Sat 8:00–18:00',
  };
  const ics = bookingIcs(
    { reference: 'WR-7K3M9Q', carName: 'Toyota Corolla', pickupDate: '2026-12-30', returnDate: '2026-12-31' },
    company,
    new Date('2026-11-20T10:00:00Z'),
  );

  it('is one all-day event from pickup to the day after return, named with car and reference, at the company', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20261230\r\n');
    expect(ics).toContain('\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(ics).toContain('\r\nSUMMARY:Car rental: Toyota Corolla (WR-7K3M9Q)\r\n');
    expect(ics).toContain('\r\nLOCATION:Waterford\\, Portmore\\; St. Catherine\r\n');
    expect(ics).toContain('\r\nUID:WR-7K3M9Q@bookings\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261120T100000Z\r\n');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'é'.repeat(60)}`);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
