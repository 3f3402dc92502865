/**
 * The demo's counter, run through the real check-out and check-in: a car out on rent and due back
 * today (on the desk's returns), and a rental from earlier this month returned with a receipt, so
 * the desk, the booking page and the papers show a living company.
 */
import { type CheckInData, type CheckOutData, companyToday } from '@rental/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { bookings, cars } from '../db/schema';
import { checkIn } from '../features/counter/checkIn';
import { folioTotalsOf } from '../features/bookings';
import { checkOut } from '../features/counter/checkOut';
import { DEFAULT_MAIL_SETTINGS } from '../features/mail/letters';
import { lettersFromEvents } from '../features/mail';
import { createEventLog } from '../events';
import type { Database } from '../db/types';

/** A name written with a pen, drawn as the signature pad would give it. */
async function drawnSignature(seed: number): Promise<string> {
  const wave = Array.from({ length: 12 }, (_, i) => `${20 + i * 22},${50 + Math.round(Math.sin(i + seed) * 22)}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><polyline points="${wave}" fill="none" stroke="#1e293b" stroke-width="3" stroke-linecap="round"/></svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

const atJamaica = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`);

export interface DemoRental {
  bookingId: string;
  pickupDate: string;
  returnDate: string;
  /** Checked in too (its return day is past), or left on rent. */
  returned: boolean;
}

export async function seedDemoCounter(db: Database, staffId: string, licenceNumber: string, rentals: DemoRental[], today = companyToday()): Promise<void> {
  // The demo's rentals write their letters as the desk's would.
  const events = createEventLog();
  events.react(lettersFromEvents(DEFAULT_MAIL_SETTINGS));
  for (const [n, rental] of rentals.entries()) {
    const [car] = await db
      .select({ odometerKm: cars.odometerKm })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .where(eq(bookings.id, rental.bookingId));
    // Keys go out once the balance is paid: the demo's customers pay it at the counter.
    const { balance } = await folioTotalsOf(db, rental.bookingId);
    const out: CheckOutData = {
      licenceNumber,
      renterAddress: '14 Cedar Grove, Waterford, Portmore, St. Catherine',
      odometerKm: (car?.odometerKm ?? 0) + 12,
      fuelEighths: 8,
      existingDamagesConfirmed: true,
      damages: n === 0 ? [{ zone: 'back', description: 'Small scratch above the rear bumper' }] : [],
      items: ['Spare tyre', 'Jack', 'Child seat'],
      deposit: { amount: 15_000, method: n === 0 ? 'card' : 'cash', reference: n === 0 ? 'Card hold 4821' : '' },
      signature: await drawnSignature(n),
      staffSignature: await drawnSignature(n + 5),
      ...(balance > 0 && { payment: { method: n === 0 ? 'card' : 'cash', amount: balance, reference: n === 0 ? 'Card 4821' : '' } }),
    };
    await checkOut(db, { id: staffId }, rental.bookingId, { data: out, photos: [] }, events, atJamaica(rental.pickupDate, '10:15'));
    if (!rental.returned || rental.returnDate >= today) continue;
    const back: CheckInData = {
      odometerKm: out.odometerKm + 640,
      fuelEighths: 6,
      returnedAt: atJamaica(rental.returnDate, '17:20').toISOString(),
      damages: [],
      cleaning: 0,
      itemsMissing: [],
    };
    await checkIn(db, { id: staffId }, rental.bookingId, { data: back, photos: [] }, events, atJamaica(rental.returnDate, '17:30'));
  }
}
