import { describe, expect, it } from 'vitest';
import { BOOKING_CHANGE_MESSAGES as M, changeableFields, changeRefusal, paymentAfterChange, wantedBooking, type ChangeableBooking } from './bookingChanges';

const today = '2026-11-27';
const confirmed: ChangeableBooking = { status: 'confirmed', pickupDate: '2026-12-05', returnDate: '2026-12-08', carId: 'car-a' };
const onRent: ChangeableBooking = { status: 'on_rent', pickupDate: '2026-11-25', returnDate: '2026-11-29', carId: 'car-a' };

describe('who may change what', () => {
  it('lets a customer move, lengthen or shorten their booking before its pickup day', () => {
    expect(changeRefusal('customer', confirmed, { returnDate: '2026-12-10' }, today)).toBeNull();
    expect(changeRefusal('customer', confirmed, { returnDate: '2026-12-06' }, today)).toBeNull();
    expect(changeRefusal('customer', { ...confirmed, status: 'pending' }, { pickupDate: '2026-12-01', returnDate: '2026-12-03' }, today)).toBeNull();
  });

  it('never lets a customer change the car, or change anything from the pickup day on', () => {
    expect(changeRefusal('customer', confirmed, { car: 'car-b' }, today)).toEqual({ statusCode: 403, message: M.customerCarSwap });
    expect(changeRefusal('customer', { ...confirmed, pickupDate: today }, { returnDate: '2026-12-10' }, today)?.message).toBe(M.customerPickupReached);
    expect(changeRefusal('customer', onRent, { returnDate: '2026-12-01' }, today)?.message).toBe(M.customerStatus);
    expect(changeRefusal('customer', { ...confirmed, status: 'cancelled' }, { returnDate: '2026-12-10' }, today)?.statusCode).toBe(409);
  });

  it('lets staff change dates and car of a live booking, never of a closed one', () => {
    expect(changeRefusal('staff', confirmed, { car: 'car-b', pickupDate: '2026-12-06' }, today)).toBeNull();
    for (const status of ['cancelled', 'returned', 'no_show'] as const) {
      expect(changeRefusal('staff', { ...confirmed, status }, { returnDate: '2026-12-10' }, today)).toEqual({ statusCode: 409, message: M.closed });
    }
  });

  it('lets staff only extend a rental on the road, or give it another car', () => {
    expect(changeRefusal('staff', onRent, { returnDate: '2026-12-01' }, today)).toBeNull();
    expect(changeRefusal('staff', onRent, { car: 'car-b' }, today)).toBeNull();
    expect(changeRefusal('staff', onRent, { returnDate: '2026-11-28' }, today)?.message).toBe(M.onRentShorter);
    expect(changeRefusal('staff', onRent, { pickupDate: '2026-11-26' }, today)?.message).toBe(M.onRentPickup);
    expect(changeRefusal('staff', { ...onRent, returnDate: '2026-11-20', pickupDate: '2026-11-18' }, { returnDate: '2026-11-21' }, today)?.message).toBe(
      M.onRentPast,
    );
  });

  it('applies the rules of a new booking to the new days', () => {
    expect(changeRefusal('staff', confirmed, { pickupDate: '2026-11-20' }, today)?.message).toBe('The pickup date cannot be in the past.');
    expect(changeRefusal('customer', confirmed, { returnDate: '2026-12-01' }, today)?.message).toBe('The return date cannot be before the pickup date.');
    expect(changeRefusal('staff', confirmed, { returnDate: '2027-06-01' }, today)?.statusCode).toBe(400);
  });

  it('refuses a change that changes nothing', () => {
    expect(changeRefusal('staff', confirmed, { returnDate: confirmed.returnDate, car: 'car-a' }, today)).toEqual({
      statusCode: 400,
      message: M.nothingToChange,
    });
    expect(wantedBooking(confirmed, {})).toEqual({ pickupDate: '2026-12-05', returnDate: '2026-12-08', carId: 'car-a' });
  });
});

describe('the payment after a change', () => {
  it('leaves an unpaid booking unpaid, with its new price said', () => {
    expect(paymentAfterChange('unpaid', 10_000, 15_000, 'JMD')).toMatchObject({ difference: 5000, paymentStatus: 'unpaid' });
  });

  it('makes a paid booking that costs more owe the difference', () => {
    const after = paymentAfterChange('paid', 10_000, 15_000, 'JMD');
    expect(after.paymentStatus).toBe('part_paid');
    expect(after.note).toContain('$5,000');
  });

  it('makes a paid booking that costs less owed a refund', () => {
    const after = paymentAfterChange('paid', 15_000, 10_000, 'JMD');
    expect(after).toMatchObject({ difference: -5000, paymentStatus: 'refund_due' });
    expect(after.note).toContain('refund');
  });
});

describe('the fields a form offers', () => {
  it('offers a customer the dates before pickup, staff the dates and car, and a rental on the road its return day and car', () => {
    expect(changeableFields('customer', confirmed, today)).toEqual({ pickupDate: true, returnDate: true, car: false });
    expect(changeableFields('customer', { ...confirmed, pickupDate: today }, today)).toBeNull();
    expect(changeableFields('staff', confirmed, today)).toEqual({ pickupDate: true, returnDate: true, car: true });
    expect(changeableFields('staff', onRent, today)).toEqual({ pickupDate: false, returnDate: true, car: true });
    expect(changeableFields('staff', { ...onRent, status: 'returned' }, today)).toBeNull();
  });
});
