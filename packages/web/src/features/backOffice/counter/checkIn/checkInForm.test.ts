import { describe, expect, it } from 'vitest';
import {
  type CheckInBooking,
  type CheckInFields,
  checkInFormData,
  checkInProblems,
  checkInRequest,
  emptyCheckIn,
  fromJamaicaClock,
  hasProblems,
  itemsNotBack,
  jamaicaClock,
  liveCharges,
  newDamage,
  wholeNumber,
} from './checkInForm';

/** Out on Mon 23 Nov 2026 at 10:00 in Jamaica, due back Wed 25 Nov at 10:00 (3 days at 6,000). */
const booking: CheckInBooking = {
  returnDate: '2026-11-25',
  balance: 0,
  car: { distancePerDay: 200 },
  returnRules: { returnTime: '10:00', gracePeriodMinutes: 60, extraKmRate: 50, fuelEighthPrice: 1500, gctPercent: 15, dayRate: 6000, days: 3 },
  counter: {
    checkOut: {
      at: '2026-11-23T15:00:00.000Z',
      by: 'Ann Brown',
      odometerKm: 42_000,
      fuelEighths: 8,
      deposit: { amount: 20_000, method: 'cash', reference: '' },
      payAtReturn: null,
      items: [],
      damages: [],
      photos: [],
      agreement: '/api/bookings/b1/agreement.pdf',
    },
    checkIn: null,
  },
};
const now = new Date('2026-11-25T16:00:00.000Z'); // 11:00 in Jamaica, within the grace
const filled = (fields: Partial<CheckInFields> = {}): CheckInFields => ({
  ...emptyCheckIn(now),
  odometer: '42,300',
  fuel: 8,
  ...(fields.returnedAt ? { returnedAtEdited: true } : {}),
  ...fields,
});
const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('the return time', () => {
  it('is Jamaica’s wall clock in the field and an instant in the request', () => {
    expect(jamaicaClock(now)).toBe('2026-11-25T11:00');
    expect(fromJamaicaClock('2026-11-25T11:00')?.toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(fromJamaicaClock('2026-11-25')).toBeNull();
    expect(fromJamaicaClock('')).toBeNull();
  });
});

describe('the charges, live', () => {
  it('charges nothing for a car back in time, full, within its kilometres, and gives the deposit back', () => {
    const live = liveCharges(booking, filled(), now)!;
    expect(live.charges).toEqual([]);
    expect(live.total).toBe(0);
    expect({ kept: live.kept, refunded: live.refunded, owing: live.owing }).toEqual({ kept: 0, refunded: 20_000, owing: 0 });
  });

  it('adds a late day, kilometres over the allowance, missing fuel, a damage and cleaning, with GCT, taken from the deposit', () => {
    const damage = { ...newDamage('left'), description: 'Scratch on the door', amount: '10,000' };
    const live = liveCharges(
      booking,
      filled({ returnedAt: '2026-11-25T11:30', odometer: '43000', fuel: 6, damages: [damage], cleaningNeeded: true, cleaning: '3000' }),
      now,
    )!;
    // 11:30 is past 10:00 plus the hour's grace: one more day; allowance 200 x (3 + 1) = 800 km, 1,000 driven.
    expect(live.charges.map((c) => [c.kind, c.amount])).toEqual([
      ['late', 6000],
      ['distance', 200 * 50],
      ['fuel', 2 * 1500],
      ['damage', 10_000],
      ['cleaning', 3000],
      ['gct', Math.round(32_000 * 0.15)],
    ]);
    expect(live.charges.find((c) => c.kind === 'damage')?.label).toBe('Damage (left side): Scratch on the door');
    expect(live.total).toBe(36_800);
    expect({ kept: live.kept, refunded: live.refunded, owing: live.owing }).toEqual({ kept: 20_000, refunded: 0, owing: 16_800 });
  });

  it('counts a reading not typed yet as at check-out, and holds the whole deposit while a damage is to be assessed', () => {
    const live = liveCharges(
      booking,
      filled({ odometer: '', fuel: null, damages: [{ ...newDamage('front'), description: 'Dent', toBeAssessed: true }] }),
      now,
    )!;
    expect(live.total).toBe(0);
    expect(live.toBeAssessed).toBe(true);
    expect({ kept: live.kept, refunded: live.refunded, held: live.held }).toEqual({ kept: 0, refunded: 0, held: 20_000 });
  });

  it('settles the deposit against the rental still unpaid as well as the charges', () => {
    const live = liveCharges({ ...booking, balance: 25_500 }, filled({ cleaningNeeded: true, cleaning: '2000' }), now)!;
    expect(live.total).toBe(2_300);
    expect({ balanceBefore: live.balanceBefore, kept: live.kept, refunded: live.refunded, owing: live.owing }).toEqual({
      balanceBefore: 25_500,
      kept: 20_000,
      refunded: 0,
      owing: 7_800,
    });
  });

  it('is nothing for a booking not checked out', () => {
    expect(liveCharges({ ...booking, counter: { checkOut: null, checkIn: null } }, filled(), now)).toBeNull();
  });
});

describe('what stops the form', () => {
  it('asks for the readings, in words', () => {
    const problems = checkInProblems(booking, emptyCheckIn(now), now);
    expect(problems).toEqual({ odometer: 'Please read the odometer.', fuel: 'Please choose the fuel level on the gauge.' });
    expect(hasProblems(checkInProblems(booking, filled(), now))).toBe(false);
  });

  it('refuses an odometer below check-out, a return in the future or before the pickup', () => {
    expect(checkInProblems(booking, filled({ odometer: '41999' }), now).odometer).toMatch(/lower than at check-out \(42,000 km\)/);
    expect(checkInProblems(booking, filled({ odometer: '42 km' }), now).odometer).toBe('The odometer reading must be a whole number of kilometres.');
    expect(checkInProblems(booking, filled({ returnedAt: '2026-11-25T12:00' }), now).returnedAt).toBe(
      'The return time is in the future. Please choose it again.',
    );
    expect(checkInProblems(booking, filled({ returnedAt: '2026-11-23T09:00' }), now).returnedAt).toBe(
      'The return time is before the car was picked up. Please choose it again.',
    );
  });

  it('asks each damage for its words and an amount or "to be assessed"', () => {
    const noWords = newDamage('front');
    const noAmount = { ...newDamage('back'), description: 'Cracked light' };
    const assessed = { ...newDamage('back'), description: 'Bent bumper', toBeAssessed: true };
    const problems = checkInProblems(booking, filled({ damages: [noWords, noAmount, assessed], cleaningNeeded: true, cleaning: 'lots' }), now);
    expect(problems.damage).toEqual({
      [noWords.key]: 'Please describe the damage.',
      [noAmount.key]: 'Please give the amount as a whole number, or tick "To be assessed".',
    });
    expect(problems.cleaning).toBe('Please give the cleaning charge as a whole number.');
  });

  it('asks a charge of an item not returned to be a whole number, or nothing', () => {
    const items = [
      { item: 'Jack', returned: false, charge: 'a lot' },
      { item: 'Child seat', returned: false, charge: '' },
      { item: 'Spare tyre', returned: true, charge: 'ignored once back' },
    ];
    expect(checkInProblems(booking, filled({ items }), now).item).toEqual({
      Jack: 'Please give the charge for the jack as a whole number, or leave it empty.',
    });
  });
});

describe('the items handed over', () => {
  it('starts with none ticked as back: the agent ticks each', () => {
    expect(emptyCheckIn(now, ['Spare tyre', 'Jack']).items).toEqual([
      { item: 'Spare tyre', returned: false, charge: '' },
      { item: 'Jack', returned: false, charge: '' },
    ]);
  });

  it('sends those not ticked as not returned, each with its charge, and charges them live as the server will', () => {
    const items = [
      { item: 'Spare tyre', returned: true, charge: '' },
      { item: 'Jack', returned: false, charge: '' },
      { item: 'Child seat', returned: false, charge: '8,000' },
    ];
    expect(itemsNotBack({ items }).map((item) => item.item)).toEqual(['Jack', 'Child seat']);
    expect(checkInRequest(filled({ items })).data.itemsMissing).toEqual([
      { item: 'Jack', amount: 0 },
      { item: 'Child seat', amount: 8000 },
    ]);
    const live = liveCharges(booking, filled({ items }), now)!;
    expect(live.charges.filter((charge) => charge.kind === 'item')).toEqual([{ kind: 'item', label: 'Not returned: Child seat', amount: 8000 }]);
  });

  it('sends an empty list when every item came back, or none was handed over', () => {
    expect(checkInRequest(filled({ items: [{ item: 'Jack', returned: true, charge: '' }] })).data.itemsMissing).toEqual([]);
    expect(checkInRequest(filled()).data.itemsMissing).toEqual([]);
  });
});

describe('the request', () => {
  it('leaves the return time to the server’s clock until staff change it', () => {
    expect(checkInRequest(filled()).data.returnedAt).toBeUndefined();
    expect(checkInProblems(booking, filled(), now).returnedAt).toBeUndefined();
  });

  it('sends the readings, the return time as an instant, and each damage naming its photo by its place among those sent', () => {
    const first = { ...newDamage('front'), description: ' Dent ', amount: '5,000', photo: photo('a.jpg') };
    const second = { ...newDamage('roof'), description: 'Scratch', toBeAssessed: true };
    const third = { ...newDamage('interior'), description: 'Burn on seat', amount: '2000', photo: photo('c.jpg') };
    const { data, photos } = checkInRequest(
      filled({ returnedAt: '2026-11-25T11:00', damages: [first, second, third], cleaningNeeded: true, cleaning: '2,500' }),
    );
    expect(data).toEqual({
      odometerKm: 42_300,
      fuelEighths: 8,
      returnedAt: '2026-11-25T16:00:00.000Z',
      damages: [
        { zone: 'front', description: 'Dent', amount: 5000, photo: 0 },
        { zone: 'roof', description: 'Scratch', amount: null, photo: null },
        { zone: 'interior', description: 'Burn on seat', amount: 2000, photo: 1 },
      ],
      cleaning: 2500,
      itemsMissing: [],
    });
    expect(photos.map((p) => p.name)).toEqual(['a.jpg', 'c.jpg']);
  });

  it('is multipart: the data as JSON, then the photos', () => {
    const form = checkInFormData(filled({ damages: [{ ...newDamage('left'), description: 'Dent', amount: '1', photo: photo('a.jpg') }] }));
    expect(JSON.parse(String(form.get('data')))).toMatchObject({ odometerKm: 42_300, damages: [{ photo: 0 }] });
    expect(form.getAll('photo')).toHaveLength(1);
  });

  it('reads whole numbers as people type them', () => {
    expect(wholeNumber('42,150')).toBe(42_150);
    expect(wholeNumber(' 42 150 ')).toBe(42_150);
    expect(wholeNumber('4.5')).toBeNull();
    expect(wholeNumber('')).toBeNull();
  });
});
