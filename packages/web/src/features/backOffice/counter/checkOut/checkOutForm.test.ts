import { describe, expect, it } from 'vitest';
import {
  bookedItems,
  buildCheckOut,
  buildShortCheckOut,
  checkLicence,
  checkOutFormData,
  type CheckOutForm,
  depositToTake,
  initialCheckOutForm,
  itemsHandedOver,
  missingBeforeHandOver,
  missingBeforeShortHandOver,
  newDamage,
  odometerKm,
  odometerWarning,
  previewOf,
  wholeAmount,
} from './checkOutForm';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const booking = { licenceNumber: 'JM-123 456', car: { odometerKm: 42_000 } } as const;

function photo(name: string): File {
  return new File([name], name, { type: 'image/jpeg' });
}

function filledForm(): CheckOutForm {
  return {
    ...initialCheckOutForm({ quote: null, car: { odometerKm: 42_000 } }, 15_000),
    licenceSeen: 'jm 123-456',
    renterAddress: ' 4 Lime Street, Portmore ',
    odometer: '42150',
    fuelEighths: 8,
    existingDamagesConfirmed: true,
    depositMethod: 'cash',
    signature: PNG,
    staffSignature: PNG,
  };
}

describe('the licence seen', () => {
  it('matches whatever the case, spaces and dashes', () => {
    expect(checkLicence('jm123456', 'JM-123 456')).toBe('matches');
    expect(checkLicence(' JM 123-456 ', 'JM-123 456')).toBe('matches');
  });

  it('differs by a single character', () => {
    expect(checkLicence('JM123457', 'JM-123 456')).toBe('differs');
  });

  it('is not compared before anything is typed, nor when the customer gave none', () => {
    expect(checkLicence('  ', 'JM-123 456')).toBe('not_typed');
    expect(checkLicence('JM123456', null)).toBe('none_on_file');
  });
});

describe('the odometer', () => {
  it('reads kilometres typed with spaces or separators', () => {
    expect(odometerKm('42 100')).toBe(42_100);
    expect(odometerKm('42,100')).toBe(42_100);
    expect(odometerKm('')).toBeNull();
    expect(odometerKm('42 km')).toBeNull();
    expect(odometerKm('-5')).toBeNull();
  });

  it('warns when lower than the car last reading, not when equal or higher', () => {
    expect(odometerWarning('41999', 42_000)).toBe("That is lower than the car's last reading (42,000 km). Please read the odometer again.");
    expect(odometerWarning('42000', 42_000)).toBeNull();
    expect(odometerWarning('50000', 42_000)).toBeNull();
    expect(odometerWarning('', 42_000)).toBeNull();
  });
});

describe('the deposit', () => {
  it('is the booking quote own deposit, else the company one', () => {
    expect(depositToTake({ quote: { securityDeposit: 20_000 } }, 15_000)).toBe(20_000);
    expect(depositToTake({ quote: null }, 15_000)).toBe(15_000);
  });

  it('reads whole amounts, with separators or the currency', () => {
    expect(wholeAmount('15,000')).toBe(15_000);
    expect(wholeAmount('JMD 15000')).toBe(15_000);
    expect(wholeAmount('0')).toBe(0);
    expect(wholeAmount('$15,000')).toBe(15_000);
    expect(wholeAmount('150.50')).toBeNull();
    expect(wholeAmount('-500')).toBeNull();
    expect(wholeAmount('')).toBeNull();
  });
});

describe('the form before the keys go', () => {
  it('starts with the deposit but not the odometer (staff read it off the car), and names everything still to do in order', () => {
    const form = initialCheckOutForm({ quote: null, car: { odometerKm: 42_000 } }, 15_000);
    expect(form.odometer).toBe('');
    expect(form.depositAmount).toBe('15000');
    expect(missingBeforeHandOver(form, booking)).toEqual([
      "Type the licence number from the customer's card.",
      "Type the renter's address from their proof of address.",
      'Type the odometer reading in whole kilometres.',
      'Choose how much fuel is in the tank.',
      'Confirm the damages already noted are still as noted.',
      'Choose how the security deposit was taken.',
      'Have the customer sign.',
      'Sign as the staff member handing over the keys.',
    ]);
  });

  it('has nothing missing once filled in', () => {
    expect(missingBeforeHandOver(filledForm(), booking)).toEqual([]);
  });

  it('refuses a licence that differs, a lower odometer and an undescribed damage', () => {
    const form: CheckOutForm = { ...filledForm(), licenceSeen: 'JM999', odometer: '41000', damages: [newDamage('left')] };
    expect(missingBeforeHandOver(form, booking)).toEqual([
      "The licence number typed does not match the customer's driver details.",
      "The odometer reading is lower than the car's last reading.",
      'Describe new damage 1 (left side).',
    ]);
  });

  it('asks for an odometer and a deposit it can read', () => {
    const form: CheckOutForm = { ...filledForm(), odometer: 'about 40k', depositAmount: '' };
    expect(missingBeforeHandOver(form, booking)).toEqual([
      'Type the odometer reading in whole kilometres.',
      'Type the security deposit taken as a whole amount (0 if none).',
    ]);
  });
});

describe('the balance before the keys go', () => {
  const owing = { ...booking, balance: 29_325 };

  it('asks for nothing when nothing is owing, and for the payment or pay at return when something is', () => {
    expect(missingBeforeHandOver(filledForm(), { ...booking, balance: 0 })).toEqual([]);
    expect(missingBeforeHandOver(filledForm(), owing)).toEqual(['Take the payment of the balance, or choose pay at return.']);
    expect(missingBeforeHandOver({ ...filledForm(), money: 'pay_now' }, owing)).toEqual(['Choose how the balance was paid.']);
    expect(missingBeforeHandOver({ ...filledForm(), money: 'pay_at_return', payAtReturnReason: '  ' }, owing)).toEqual([
      'Give the reason the customer may pay at return.',
    ]);
    expect(missingBeforeHandOver({ ...filledForm(), money: 'pay_now', paymentMethod: 'bank_deposit' }, owing)).toEqual([]);
  });

  it('sends the whole balance as the payment, or the reason to pay at return, and neither when nothing is owing', () => {
    const paid = buildCheckOut({ ...filledForm(), money: 'pay_now', paymentMethod: 'card', paymentReference: ' AUTH 12 ' }, 29_325).data;
    expect(paid.payment).toEqual({ method: 'card', amount: 29_325, reference: 'AUTH 12' });
    expect(paid.payAtReturn).toBeUndefined();
    const later = buildCheckOut({ ...filledForm(), money: 'pay_at_return', payAtReturnReason: ' Corporate account ' }, 29_325).data;
    expect(later.payAtReturn).toEqual({ reason: 'Corporate account' });
    expect(later.payment).toBeUndefined();
    const nothing = buildCheckOut({ ...filledForm(), money: 'pay_now', paymentMethod: 'card' }, 0).data;
    expect(nothing.payment).toBeUndefined();
  });
});

describe('the items handed over', () => {
  it('lists the ticked items in the usual order, then the free text split at commas, once each', () => {
    expect(itemsHandedOver({ items: ['GPS', 'Spare tyre'], otherItem: ' Umbrella, cooler ,GPS ' })).toEqual(['Spare tyre', 'GPS', 'Umbrella', 'cooler']);
    expect(itemsHandedOver({ items: [], otherItem: '  ' })).toEqual([]);
  });
});

describe('the request', () => {
  it('names each damage photo by its place among the photos sent, in the order of the damages', () => {
    const front = { ...newDamage('front'), description: ' Scratch on bumper ', photo: photo('front.jpg') };
    const roof = { ...newDamage('roof'), description: 'Dent' };
    const inside = { ...newDamage('interior'), description: 'Torn seat', photo: photo('seat.jpg') };
    const form: CheckOutForm = { ...filledForm(), damages: [front, roof, inside], items: ['Jack'], depositReference: ' R-1 ' };
    const { data, photos } = buildCheckOut(form);
    expect(data.damages).toEqual([
      { zone: 'front', description: 'Scratch on bumper', photo: 0 },
      { zone: 'roof', description: 'Dent', photo: null },
      { zone: 'interior', description: 'Torn seat', photo: 1 },
    ]);
    expect(photos.map((file) => file.name)).toEqual(['front.jpg', 'seat.jpg']);
    expect(data).toMatchObject({
      licenceNumber: 'jm 123-456',
      renterAddress: '4 Lime Street, Portmore',
      odometerKm: 42_150,
      fuelEighths: 8,
      existingDamagesConfirmed: true,
      items: ['Jack'],
      deposit: { amount: 15_000, method: 'cash', reference: 'R-1' },
      signature: PNG,
      staffSignature: PNG,
    });

    // The agreement shown before signing is asked for with the same facts, without the signatures.
    const { signature: _signature, staffSignature: _staffSignature, ...unsigned } = data;
    expect(previewOf(form)).toEqual(unsigned);

    const body = checkOutFormData({ data, photos });
    expect(JSON.parse(String(body.get('data')))).toEqual(data);
    expect(body.getAll('photo').map((file) => (file as File).name)).toEqual(['front.jpg', 'seat.jpg']);
  });

  it('gives every new damage its own key', () => {
    expect(newDamage('front').key).not.toBe(newDamage('front').key);
  });
});

describe('the items booked as extras', () => {
  it('are ticked before staff look; extras that are no thing in the hand tick nothing', () => {
    const line = (label: string, kind = 'extra') => ({ kind, label });
    expect(
      bookedItems({
        lines: [
          line('7 days'),
          line('Child seat (0-4 years)'),
          line('GPS navigation'),
          line('Collision damage waiver'),
          line('Delivery to the airport', 'delivery'),
        ],
      }),
    ).toEqual(['Child seat', 'GPS']);
    expect(bookedItems(null)).toEqual([]);
    expect(initialCheckOutForm({ quote: { securityDeposit: 15_000, lines: [line('Child seat')] }, car: { odometerKm: 0 } }, 15_000).items).toEqual([
      'Child seat',
    ]);
  });
});

describe('the short check-out of a booking checked in online', () => {
  const shortForm = (): CheckOutForm => ({ ...filledForm(), licenceSeen: '', renterAddress: '', signature: null, keysHandedOver: true });

  it('asks for no licence, address or customer signature, but for the keys and the staff signature', () => {
    expect(missingBeforeShortHandOver(shortForm(), booking)).toEqual([]);
    expect(missingBeforeShortHandOver({ ...shortForm(), keysHandedOver: false, staffSignature: null }, booking)).toEqual([
      'Tick the keys as handed over.',
      'Sign as the staff member handing over the keys.',
    ]);
    // The full form still asks for them.
    expect(missingBeforeHandOver(shortForm(), booking)).toContain("Type the licence number from the customer's card.");
  });

  it('sends no licence, address or customer signature, and the keys first among the items', () => {
    const { data } = buildShortCheckOut({ ...shortForm(), items: ['Jack'] });
    expect(data).not.toHaveProperty('licenceNumber');
    expect(data).not.toHaveProperty('renterAddress');
    expect(data).not.toHaveProperty('signature');
    expect(data).toMatchObject({ odometerKm: 42_150, fuelEighths: 8, items: ['Keys', 'Jack'], staffSignature: PNG });
  });
});
