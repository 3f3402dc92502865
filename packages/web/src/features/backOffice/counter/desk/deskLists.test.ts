import type { DeskBooking } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import { carLine, counterAction, deskLists, dueLine, paymentLook, vettingLook } from './deskLists';

const user = (fields: Partial<DeskBooking['user']> = {}): DeskBooking['user'] => ({
  _id: 'u1',
  name: 'Tamika Brown',
  email: 'tamika@example.com',
  phone: '876 555 0142',
  vetting: 'approved',
  doNotRent: false,
  ...fields,
});
const row = (id: string) => ({ _id: id }) as DeskBooking;

describe('the desk’s lists', () => {
  it('puts overdue cars first while there are any', () => {
    const lists = deskLists({ pickups: [row('p')], returns: [row('r')], overdue: [row('o')] });
    expect(lists.map((list) => [list.title, list.bookings.map((b) => b._id)])).toEqual([
      ['Overdue returns', ['o']],
      ['Pickups today', ['p']],
      ['Returns today', ['r']],
    ]);
  });

  it('leads with today’s pickups when nothing is overdue, and says so in words', () => {
    const lists = deskLists({ pickups: [], returns: [], overdue: [] });
    expect(lists.map((list) => [list.kind, list.emptyText])).toEqual([
      ['pickups', 'No pickups today.'],
      ['returns', 'No returns today.'],
      ['overdue', 'No car is overdue.'],
    ]);
  });
});

describe('a desk card', () => {
  it('leads a pickup to its check-out and a car coming back to its check-in', () => {
    expect(counterAction('pickups', 'b1')).toEqual({ label: 'Check out', to: '/owner/desk/b1/check-out' });
    expect(counterAction('returns', 'b1')).toEqual({ label: 'Check in', to: '/owner/desk/b1/check-in' });
    expect(counterAction('overdue', 'b1')).toEqual({ label: 'Check in', to: '/owner/desk/b1/check-in' });
  });

  it('colours the driver check: approved green, waiting amber, refused or do not rent red', () => {
    expect(vettingLook(user())).toEqual({ text: 'Approved', tone: 'good' });
    expect(vettingLook(user({ vetting: 'waiting' }))).toEqual({ text: 'Waiting for our check', tone: 'warn' });
    expect(vettingLook(user({ vetting: 'not_submitted' }))).toEqual({ text: 'Driver details not given yet', tone: 'warn' });
    expect(vettingLook(user({ vetting: 'rejected' }))).toEqual({ text: 'Not approved', tone: 'bad' });
    expect(vettingLook(user({ doNotRent: true }))).toEqual({ text: 'Do not rent', tone: 'bad' });
  });

  it('names the payment, the car with its plate, and when it is due back in Jamaica', () => {
    expect(paymentLook({ paymentStatus: 'paid' })).toEqual({ text: 'Paid', tone: 'good' });
    expect(paymentLook({ paymentStatus: 'unpaid' })).toEqual({ text: 'Not paid yet', tone: 'warn' });
    const car = { _id: 'c', image: '', brand: 'Toyota', model: 'Corolla', year: 2022, category: 'Sedan', location: 'Waterford, Portmore' };
    expect(carLine({ car, plate: '5521 KT' })).toBe('Toyota Corolla · 5521 KT');
    expect(carLine({ car, plate: null })).toBe('Toyota Corolla · no plate yet');
    expect(dueLine({ dueBackAt: '2026-11-25T15:00:00.000Z' })).toBe('Due back Wed 25 Nov 2026, 10:00 am');
  });
});
