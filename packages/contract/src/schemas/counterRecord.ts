/** What the counter recorded of a booking (schemas/counter.ts has the counter's calls). */
import { z } from 'zod';
import { DAMAGE_ZONES, DEPOSIT_METHODS, RETURN_CHARGE_KINDS } from '../counter';
import { DAMAGE_VIEWS } from '../damagePins';

export const carDamage = z.object({
  _id: z.string(),
  zone: z.enum(DAMAGE_ZONES),
  description: z.string(),
  /** Address of its photo (staff and the booking's customer only), or null. */
  photo: z.string().nullable(),
  foundAt: z.string(),
  /** The booking at whose check-out or check-in it was found; null when staff noted it otherwise. */
  foundAtReference: z.string().nullable(),
  /** Charged at check-in; null: not charged, or still to be assessed. */
  amount: z.number().nullable(),
  repairedAt: z.string().nullable(),
  /** Where it is seen (damagePins.ts); a damage noted before the drawings has its zone's view. */
  view: z.enum(DAMAGE_VIEWS),
  /** Its place on the view, as fractions of the view's width and height; null: listed, not placed. */
  x: z.number().nullable(),
  y: z.number().nullable(),
  /** Addresses of all its photos, the first being `photo`. */
  photos: z.array(z.string()),
  /** The booking and the check (check-out or check-in) that found it; null when staff noted it otherwise. */
  foundBookingId: z.string().nullable(),
  foundStage: z.enum(['check_out', 'check_in']).nullable(),
  /** What the repair cost; null: not repaired, or its cost not given. */
  repairCost: z.number().nullable(),
  /** Who marked it repaired. */
  repairedBy: z.string().nullable(),
});
export type CarDamage = z.infer<typeof carDamage>;

export const returnCharge = z.object({ kind: z.enum(RETURN_CHARGE_KINDS), label: z.string(), amount: z.number() });

export const deposit = z.object({ amount: z.number(), method: z.enum(DEPOSIT_METHODS), reference: z.string() });

/** What the counter recorded of a booking: the keys going out, and coming back. */
export const counterRecord = z.object({
  checkOut: z
    .object({
      at: z.string(),
      by: z.string(),
      odometerKm: z.number(),
      fuelEighths: z.number(),
      deposit,
      /** Why the keys went out with the balance owing, to be paid at return; null when it was paid. */
      payAtReturn: z.string().nullable(),
      items: z.array(z.string()),
      damages: z.array(carDamage),
      photos: z.array(z.string()),
      /** GET /api/bookings/{id}/agreement.pdf */
      agreement: z.string(),
      /** GET /api/bookings/{id}/condition.pdf: the car as handed over, for a booking checked in online (decision 125); absent otherwise. */
      condition: z.string().optional(),
    })
    .nullable(),
  checkIn: z
    .object({
      at: z.string(),
      by: z.string(),
      returnedAt: z.string(),
      odometerKm: z.number(),
      fuelEighths: z.number(),
      charges: z.array(returnCharge),
      chargesTotal: z.number(),
      depositRefunded: z.number(),
      depositKept: z.number(),
      /** The security deposit still held while a damage is to be assessed. */
      depositHeld: z.number(),
      /** The folio's balance left after the deposit was settled at return. */
      owing: z.number(),
      toBeAssessed: z.boolean(),
      /** Items handed over at check-out that did not come back (empty: all came back, or they were not asked about). */
      itemsMissing: z.array(z.string()),
      damages: z.array(carDamage),
      photos: z.array(z.string()),
      receiptNumber: z.string(),
      /** GET /api/bookings/{id}/receipt.pdf */
      receipt: z.string(),
    })
    .nullable(),
});
export type CounterRecord = z.infer<typeof counterRecord>;
