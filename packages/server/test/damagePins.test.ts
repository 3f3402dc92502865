/**
 * A car's damages as pins on its drawing: placed at check-out and check-in with their photos,
 * listed with the booking and the check that found them, repaired with a day and a cost; places off
 * the drawing and repairs that cannot be are refused with their codes; agents place pins but do not
 * mark repairs.
 */
import { addDays, companyToday, DAMAGE_PIN_REFUSALS } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carDamages, counterPhotos } from '../src/db/schema';
import { type Account, createOwner, createStaff, createTestApp, describeDatabase, refusalOf, type TestApp, testApi } from './helpers';
import { approvedCustomer, checkInForm, confirmedBooking, paidCheckOutForm, postCounter } from './support/counter';
import { addCar, day } from './support/fleet';
import { smallPng } from './support/images';

describe(`damage pins (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let agent: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
    manager = await createStaff(t.app, 'manager', { name: 'Marlene Reid' });
    agent = await createStaff(t.app, 'agent', { name: 'Dwayne Clarke' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = (token: string) => testApi(t.app, token);
  let plateCounter = 700;

  async function readyForPickup() {
    const car = await addCar(t.app, owner.token, { plate: `${plateCounter++} PN` } as never);
    const customer = await approvedCustomer(t.app, 'Shanice Williams');
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(2));
    return { car, booking };
  }

  const photoFile = async (name: string) => ({ name: 'photo', bytes: await smallPng(320, 240), filename: `${name}.png`, type: 'image/png' });

  it('keeps the pins of check-out and check-in with their photos, booking and check; the check-in pin is charged; a repair has its day and cost', async () => {
    const { car, booking } = await readyForPickup();
    const out = await postCounter(
      t.app,
      agent.token,
      'checkOut',
      booking._id,
      await paidCheckOutForm(t.app, owner.token, booking._id, {
        damages: [
          { view: 'left', x: 0.25, y: 0.6, description: 'Scratch on the driver door', photo: 0, photos: [1] },
          { view: 'interior', description: 'Burn on the back seat' },
        ],
      }),
      [await photoFile('door'), await photoFile('door-close')],
    );
    expect(out.statusCode, out.body).toBe(200);

    // At the next counter screen the open pins are there to confirm.
    const counter = (await api(agent.token).call('counterBooking', { params: { id: booking._id } })).booking;
    expect(counter.openDamages.map((damage) => [damage.view, damage.x, damage.y, damage.photos.length])).toEqual([
      ['left', 0.25, 0.6, 2],
      ['interior', null, null, 0],
    ]);

    const back = await postCounter(
      t.app,
      agent.token,
      'checkIn',
      booking._id,
      checkInForm({ odometerKm: 10_100, damages: [{ view: 'front', x: 0.5, y: 0.8, description: 'Cracked bumper', photos: [0], amount: 12_000 }] }),
      [await photoFile('bumper')],
    );
    expect(back.statusCode, back.body).toBe(200);
    // The check-in's amount is charged through the folio, as before the pins.
    expect(back.json().charges).toContainEqual({ kind: 'damage', label: 'Damage (front): Cracked bumper', amount: 12_000 });
    const folio = (await api(owner.token).call('folio', { params: { id: booking._id } })).folio;
    expect(folio.lines.map((line) => [line.kind, line.label, line.amount])).toContainEqual(['damage', 'Damage (front): Cracked bumper', 12_000]);

    const { damages } = await api(agent.token).call('carDamages', { params: { id: car._id } });
    expect(damages).toHaveLength(3);
    const [door, seat, bumper] = damages;
    expect(door).toMatchObject({
      zone: 'left',
      view: 'left',
      x: 0.25,
      y: 0.6,
      description: 'Scratch on the driver door',
      foundAtReference: booking.reference,
      foundBookingId: booking._id,
      foundStage: 'check_out',
      amount: null,
      repairedAt: null,
    });
    expect(door!.photos).toHaveLength(2);
    expect(door!.photo).toBe(door!.photos[0]);
    expect(seat).toMatchObject({ zone: 'interior', view: 'interior', x: null, y: null, foundStage: 'check_out' });
    expect(bumper).toMatchObject({ zone: 'front', view: 'front', foundStage: 'check_in', foundBookingId: booking._id, amount: 12_000 });
    // Each photo is the booking's own, served to staff.
    for (const path of [...door!.photos, ...bumper!.photos]) {
      const served = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${agent.token}` } });
      expect(served.statusCode).toBe(200);
    }

    // The agent places pins but does not mark repairs.
    const byAgent = await refusalOf(api(agent.token).call('repairDamage', { params: { id: door!._id }, body: { cost: 5_000 } }));
    expect(byAgent.status).toBe(403);
    expect(byAgent.answer).toMatchObject({ success: false, code: 'not_allowed' });

    const yesterday = addDays(companyToday(), -1);
    // A damage found today cannot have been repaired yesterday.
    const early = await refusalOf(api(manager.token).call('repairDamage', { params: { id: door!._id }, body: { repairedOn: yesterday, cost: 5_000 } }));
    expect(early).toMatchObject({ status: 422, answer: { code: 'repair_before_found', message: DAMAGE_PIN_REFUSALS.repair_before_found } });

    const repaired = await api(manager.token).call('repairDamage', { params: { id: door!._id }, body: { repairedOn: companyToday(), cost: 5_000 } });
    expect(repaired.damage).toMatchObject({ repairCost: 5_000, repairedBy: 'Marlene Reid' });
    expect(companyToday(new Date(repaired.damage.repairedAt!))).toBe(companyToday());

    // The history keeps the repaired one, after the open ones; the counter no longer shows it.
    const after = (await api(owner.token).call('carDamages', { params: { id: car._id } })).damages;
    expect(after.map((damage) => [damage.description, damage.repairCost])).toEqual([
      ['Burn on the back seat', null],
      ['Cracked bumper', null],
      ['Scratch on the driver door', 5_000],
    ]);
  });

  it('a repair on an earlier day is dated that day in Jamaica', async () => {
    const { car, booking } = await readyForPickup();
    const out = await postCounter(
      t.app,
      owner.token,
      'checkOut',
      booking._id,
      await paidCheckOutForm(t.app, owner.token, booking._id, { damages: [{ view: 'top', x: 0.5, y: 0.5, description: 'Hail dent' }] }),
    );
    expect(out.statusCode, out.body).toBe(200);
    const [damage] = (await api(owner.token).call('carDamages', { params: { id: car._id } })).damages;
    expect(damage).toMatchObject({ zone: 'roof', view: 'top' });
    // Found three days ago (as if noted at an earlier rental), repaired two days ago.
    await t.db
      .update(carDamages)
      .set({ foundAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(carDamages.id, damage!._id));
    const twoDaysAgo = addDays(companyToday(), -2);
    const repaired = await api(owner.token).call('repairDamage', { params: { id: damage!._id }, body: { repairedOn: twoDaysAgo, cost: '0' } });
    expect(companyToday(new Date(repaired.damage.repairedAt!))).toBe(twoDaysAgo);
    expect(repaired.damage.repairCost).toBe(0);
  });

  it('an older form that sends a zone alone still works; the roof is the top view, listed without a place', async () => {
    const { car, booking } = await readyForPickup();
    const out = await postCounter(
      t.app,
      agent.token,
      'checkOut',
      booking._id,
      await paidCheckOutForm(t.app, owner.token, booking._id, { damages: [{ zone: 'roof', description: 'Old hail dent', photo: 0 }] }),
      [await photoFile('roof')],
    );
    expect(out.statusCode, out.body).toBe(200);
    const [damage] = (await api(owner.token).call('carDamages', { params: { id: car._id } })).damages;
    expect(damage).toMatchObject({ zone: 'roof', view: 'top', x: null, y: null });
    expect(damage!.photos).toEqual([damage!.photo]);
  });

  it('refuses a pin off the drawing, an unknown view, a negative cost and a repair still to come, with their codes, and writes nothing', async () => {
    const { car, booking } = await readyForPickup();
    const photosBefore = (await t.db.select({ id: counterPhotos.id }).from(counterPhotos).where(eq(counterPhotos.bookingId, booking._id))).length;
    const pins = [
      [{ view: 'left', x: 1.2, y: 0.5 }, 'damage_pin_off_car'],
      [{ view: 'left', x: 0.5 }, 'damage_pin_off_car'],
      [{ view: 'left', x: -0.1, y: 0.5 }, 'damage_pin_off_car'],
      [{ view: 'underneath', x: 0.5, y: 0.5 }, 'damage_view_unknown'],
      [{ x: 0.5, y: 0.5 }, 'damage_view_unknown'],
      [{ view: 'interior', x: 0.5, y: 0.5 }, 'damage_pin_inside'],
      [{}, 'damage_place_missing'],
    ] as const;
    for (const [pin, code] of pins) {
      const form = await paidCheckOutForm(t.app, owner.token, booking._id, { damages: [{ ...pin, description: 'Dent', photo: 0 }] as never });
      const res = await postCounter(t.app, agent.token, 'checkOut', booking._id, form, [await photoFile('dent')]);
      expect([res.statusCode, res.json().code], JSON.stringify(pin)).toEqual([422, code]);
      expect(res.json().message).toBe(DAMAGE_PIN_REFUSALS[code]);
    }
    // The agreement's preview refuses the same places.
    const preview = await refusalOf(
      api(agent.token).call('agreementPreview', {
        params: { id: booking._id },
        body: { ...(await paidCheckOutForm(t.app, owner.token, booking._id)), damages: [{ view: 'back', x: 2, y: 0, description: 'Dent' }] } as never,
      }),
    );
    expect(preview).toMatchObject({ status: 422, answer: { code: 'damage_pin_off_car' } });
    expect((await api(owner.token).call('carDamages', { params: { id: car._id } })).damages).toEqual([]);
    expect((await t.db.select({ id: counterPhotos.id }).from(counterPhotos).where(eq(counterPhotos.bookingId, booking._id))).length).toBe(photosBefore);

    // A number that is not a number is a plain bad input.
    const notNumber = await postCounter(
      t.app,
      agent.token,
      'checkOut',
      booking._id,
      await paidCheckOutForm(t.app, owner.token, booking._id, { damages: [{ view: 'left', x: 'middle', y: 0.5, description: 'Dent' }] as never }),
    );
    expect([notNumber.statusCode, notNumber.json().code]).toEqual([400, 'invalid_input']);

    // Keys out with a good pin, then its repair refused.
    const out = await postCounter(
      t.app,
      agent.token,
      'checkOut',
      booking._id,
      await paidCheckOutForm(t.app, owner.token, booking._id, { damages: [{ view: 'right', x: 0, y: 1, description: 'Dent at the corner' }] }),
    );
    expect(out.statusCode, out.body).toBe(200);
    const [damage] = (await api(owner.token).call('carDamages', { params: { id: car._id } })).damages;
    expect(damage).toMatchObject({ view: 'right', x: 0, y: 1 });
    const repair = (body: { repairedOn?: string; cost?: number }) => refusalOf(api(owner.token).call('repairDamage', { params: { id: damage!._id }, body }));
    expect(await repair({ cost: -1 })).toMatchObject({
      status: 422,
      answer: { code: 'repair_cost_negative', message: DAMAGE_PIN_REFUSALS.repair_cost_negative },
    });
    expect(await repair({ repairedOn: addDays(companyToday(), 1), cost: 100 })).toMatchObject({
      status: 422,
      answer: { code: 'repair_in_future', message: DAMAGE_PIN_REFUSALS.repair_in_future },
    });
    expect(await repair({ repairedOn: '2026-02-30' })).toMatchObject({ status: 400, answer: { code: 'invalid_input' } });
    const [still] = (await api(owner.token).call('carDamages', { params: { id: car._id } })).damages;
    expect(still).toMatchObject({ repairedAt: null, repairCost: null });
  });
});
