/**
 * The rental agreement fit to hand over, through the API: the renter's address, birth date and
 * licence, every named driver, the places and times, the damage waiver bought or declined with the
 * excess then owed, the fuel and distance rules, what was paid and what is owed, read back from the
 * PDF with pdftotext; the same content shown before signing (and nothing kept by showing it); and
 * never the shipped placeholder phone, e-mail or chat link before an owner saved the company's own.
 */
import { DEFAULT_COMPANY, type Extra, pathFor } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, carDamages, rentals } from '../src/db/schema';
import { type Account, authHeader, callWithStatus, createOwner, createTestApp, describeDatabase, refusalOf, type TestApp, testApi } from './helpers';
import { approvedCustomer, balanceOf, paidCheckOutForm, postCounter, RENTER_ADDRESS } from './support/counter';
import { addCar, day } from './support/fleet';
import { pdfText } from './support/pdfText';

const NO_RULES = {
  seasons: [],
  weeklyPercentOff: 0,
  monthlyPercentOff: 0,
  additionalDriverPerDay: 0,
  delivery: { airport: null, portmore: null, kingston: null },
};
const PLACEHOLDERS = [DEFAULT_COMPANY.phone, DEFAULT_COMPANY.email, DEFAULT_COMPANY.chatUrl, '555-0142', '18765550142'];
const DELROY = {
  name: 'Delroy Campbell',
  licenceNumber: 'JM 3310 0042',
  licenceCountry: 'Jamaica',
  licenceIssued: '2012-04-01',
  licenceExpires: '2030-04-01',
  dateOfBirth: '1984-12-02',
};

describe(`the rental agreement handed over (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let waiver: Extra;
  let plate = 300;

  beforeAll(async () => {
    t = await createTestApp({ companySaved: false });
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
    const prices = await testApi(t.app, owner.token).call('savePrices', {
      body: {
        ...NO_RULES,
        extras: [
          {
            name: 'Collision damage waiver',
            description: 'Lowers what you pay for damage to the excess.',
            charge: 'per_day',
            price: 2500,
            maxPerBooking: 1,
            stock: null,
          },
        ],
      },
    });
    waiver = prices.extras[0]!;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A confirmed booking from today to 3 days on, by an approved customer, with or without the waiver, one other driver named. */
  async function readyForPickup(withWaiver: boolean) {
    const car = await addCar(t.app, owner.token, { plate: `${plate++} AG`, location: 'Waterford, Portmore' } as never);
    const customer = await approvedCustomer(t.app, 'Marcia Campbell');
    const made = await callWithStatus(t.app, customer.token, 'createBooking', {
      body: {
        car: car._id,
        pickupDate: day(1),
        returnDate: day(4),
        paymentMethod: 'upfront',
        ...(withWaiver && { extras: [{ id: waiver.id, quantity: 1 }] }),
      },
    });
    expect(made.status).toBe(201);
    const { booking } = made.answer;
    await testApi(t.app, customer.token).call('bookingDrivers', { params: { id: booking._id }, body: { drivers: [DELROY] } });
    await testApi(t.app, owner.token).call('changeStatus', { body: { bookingId: booking._id, status: 'confirmed' } });
    // Drivers are named before the pickup day: the booking is then brought to today, as its day came.
    await t.db
      .update(bookings)
      .set({ pickupDate: day(0), returnDate: day(3) })
      .where(eq(bookings.id, booking._id));
    return { booking, customer };
  }

  async function agreementOf(bookingId: string) {
    const res = await t.app.inject({ method: 'GET', url: pathFor('agreementPdf', { id: bookingId }), headers: authHeader(owner.token) });
    expect(res.statusCode).toBe(200);
    return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
  }

  it('answers no placeholder phone, e-mail or chat link before an owner saved them', async () => {
    const answer = await testApi(t.app).call('company');
    for (const placeholder of PLACEHOLDERS) expect(JSON.stringify(answer)).not.toContain(placeholder);
    expect(answer).toMatchObject({
      contactsSaved: false,
      company: { name: DEFAULT_COMPANY.name, address: DEFAULT_COMPANY.address, phone: '', email: '', chatUrl: '' },
    });
  });

  it('shows the agreement before signing, keeping nothing, then prints every fact of the hand-over', async () => {
    const { booking } = await readyForPickup(true);
    const balance = await balanceOf(t.app, owner.token, booking._id);
    const { signature: _signature, ...unsigned } = await paidCheckOutForm(t.app, owner.token, booking._id, {
      odometerKm: 20_500,
      fuelEighths: 6,
      damages: [{ zone: 'left', description: 'Dent in the rear door' }],
    });

    const shown = await testApi(t.app, owner.token).call('agreementPreview', { params: { id: booking._id }, body: unsigned });
    const screen = JSON.stringify(shown.agreement);
    expect(screen).toContain(RENTER_ADDRESS);
    expect(screen).toContain('Bought (Collision damage waiver, 1 × 3 days)');
    expect(screen).toContain('Dent in the rear door (new)');
    expect(screen).toContain('Payment by cash (Till 2)');
    for (const placeholder of PLACEHOLDERS) expect(screen).not.toContain(placeholder);
    // Showing it kept nothing: no payment, no damage, the booking still to hand over.
    expect(await balanceOf(t.app, owner.token, booking._id)).toBe(balance);
    expect(await t.db.select().from(carDamages).where(eq(carDamages.foundBookingId, booking._id))).toEqual([]);
    expect((await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking._id)))[0]!.status).toBe('confirmed');
    // A wrong payment is refused as the check-out refuses it.
    const wrong = await refusalOf(
      testApi(t.app, owner.token).call('agreementPreview', {
        params: { id: booking._id },
        body: { ...unsigned, payment: { method: 'cash', amount: balance + 1 } },
      }),
    );
    expect(wrong.status).toBe(409);
    expect(wrong.answer?.code).toBe('payment_not_balance');

    const out = await postCounter(t.app, owner.token, 'checkOut', booking._id, { ...unsigned, signature: _signature });
    expect(out.statusCode, out.body).toBe(200);
    expect((await t.db.select({ address: rentals.renterAddress }).from(rentals).where(eq(rentals.bookingId, booking._id)))[0]!.address).toBe(RENTER_ADDRESS);

    const text = await agreementOf(booking._id);
    for (const wanted of [
      `Address ${RENTER_ADDRESS}`,
      'Date of birth 5 May 1990',
      'Licence JM123456789, issued in Jamaica, expires 10 Jan 2031',
      'Delroy Campbell Born 2 Dec 1984. Licence JM 3310 0042, issued in Jamaica, expires 1 Apr 2030',
      'Pickup place Waterford, Portmore',
      'Return place Waterford, Portmore',
      'due back by',
      'Damage waiver Bought (Collision damage waiver, 1 × 3 days)',
      `Excess the renter owes $${DEFAULT_COMPANY.waiverExcess.toLocaleString('en-US')} JMD`,
      'To be returned with as much fuel as at pickup (6/8 of a tank); each eighth of a tank missing is charged $1,500 JMD',
      'km a day',
      'each km over it is charged $40 JMD',
      'Collision damage waiver, 1 × 3 days',
      'Payment by cash (Till 2)',
      'Nothing more to pay $0 JMD',
      'Left side: Dent in the rear door (new)',
      DEFAULT_COMPANY.address,
    ]) {
      expect(text, wanted).toContain(wanted);
    }
    for (const placeholder of PLACEHOLDERS) expect(text).not.toContain(placeholder);
    expect(text).not.toContain('TRN');
    // Every line shown on the screen is on the paper (the times aside: the paper's are the hand-over's own minute).
    for (const section of shown.agreement.sections) {
      expect(text).toContain(section.heading);
      for (const block of section.blocks) {
        if (block.kind !== 'rows') continue;
        for (const [label, value] of block.rows) if (!/\d\d:\d\d/.test(value)) expect(text).toContain(`${label} ${value}`);
      }
    }
  });

  it('says the waiver was declined and the excess then owed, and prints the company phone and TRN once the owner saved them', async () => {
    const company = (await testApi(t.app).call('company')).company;
    const own = {
      ...company,
      phone: '+1 (876) 943-2210',
      email: 'desk@portmorecars.example',
      chatUrl: 'https://wa.me/18769432210',
      trn: '123-456-789',
      damageExcess: 120_000,
    };
    expect((await callWithStatus(t.app, owner.token, 'updateCompany', { body: own })).status).toBe(200);
    expect((await testApi(t.app).call('company')).company.phone).toBe(own.phone);

    const { booking } = await readyForPickup(false);
    const out = await postCounter(t.app, owner.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, owner.token, booking._id));
    expect(out.statusCode, out.body).toBe(200);
    const text = await agreementOf(booking._id);
    expect(text).toContain('Damage waiver Declined');
    expect(text).toContain('Excess the renter owes $120,000 JMD');
    expect(text).toContain('Phone +1 (876) 943-2210');
    expect(text).toContain('E-mail desk@portmorecars.example');
    expect(text).toContain('TRN 123-456-789');
    expect(text).toContain('to the company on +1 (876) 943-2210');
  });

  it('refuses a check-out without the renter address, in words, and changes nothing', async () => {
    const { booking } = await readyForPickup(false);
    const form = await paidCheckOutForm(t.app, owner.token, booking._id, { renterAddress: '   ' });
    const out = await postCounter(t.app, owner.token, 'checkOut', booking._id, form);
    expect(out.statusCode).toBe(400);
    expect(out.json().message).toMatch(/renter's address/i);
    expect((await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking._id)))[0]!.status).toBe('confirmed');
    expect(await t.db.select().from(rentals).where(eq(rentals.bookingId, booking._id))).toEqual([]);
  });
});
