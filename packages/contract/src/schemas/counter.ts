/**
 * The counter's calls: the desk, check-out and check-in (multipart: a JSON `data` field and
 * `photo` files), the agreement and receipt PDFs, a car's damages (counter.ts holds the rules).
 */
import { z } from 'zod';
import { paperAlert } from './carPapers';
import {
  COUNTER_MESSAGES,
  DAMAGE_ZONES,
  DEPOSIT_METHODS,
  FUEL_EIGHTHS,
  itemKey,
  MAX_COUNTER_DAMAGES,
  MAX_COUNTER_ITEMS,
  MAX_COUNTER_PHOTOS,
  MAX_ODOMETER_KM,
} from '../counter';
import { FOLIO_METHODS } from '../folio';
import { ownerBooking } from './bookings';
import { carDamage, counterRecord, returnCharge } from './counterRecord';
import { additionalDriver } from './drivers';
import { calendarDate, ok, oneOf, text, wholeNumber } from './fields';

const odometer = wholeNumber('The odometer reading', 0, MAX_ODOMETER_KM);
const FUEL_PROBLEM = `Fuel is read in eighths of a tank: a whole number from 0 (empty) to ${FUEL_EIGHTHS} (full).`;
const fuel = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: FUEL_PROBLEM })
  .pipe(z.number({ error: FUEL_PROBLEM }).int({ error: FUEL_PROBLEM }).min(0, { error: FUEL_PROBLEM }).max(FUEL_EIGHTHS, { error: FUEL_PROBLEM }));

/** Which of the request's photo files shows a damage (0 is the first). */
const photoIndex = wholeNumber('A damage photo', 0, MAX_COUNTER_PHOTOS - 1)
  .nullable()
  .optional();

const SIGNATURE_PROBLEM = 'Please have the customer sign on the screen.';
/** A PNG drawn on the screen, as the canvas gives it (data:image/png;base64,...), at most about 400 KB. */
export const signatureImage = z
  .string({ error: SIGNATURE_PROBLEM })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: SIGNATURE_PROBLEM })
  .max(550_000, { error: 'The signature is too large. Please clear it and sign again.' });

const PLACE_PROBLEM = 'The place of a damage on the drawing must be a number from 0 to 1.';
const place = z.number({ error: PLACE_PROBLEM }).nullable().optional();

/**
 * A damage found at the counter: where it is (a zone, or a pin: a view and its x and y, checked by
 * damagePins.ts damagePlace, whose refusals carry codes), its words and its photos.
 */
export const damageInput = z.object({
  zone: oneOf('where the damage is', DAMAGE_ZONES, ['front', 'back', 'left side', 'right side', 'roof', 'inside']).optional(),
  /** top, front, back, left, right or interior; an unknown view is refused with code damage_view_unknown. */
  view: z.string({ error: 'Please choose where the damage is seen.' }).optional(),
  x: place,
  y: place,
  description: text('Each damage description', 300),
  photo: photoIndex,
  /** More photos of the same damage, by position among the request's files. */
  photos: z
    .array(wholeNumber('A damage photo', 0, MAX_COUNTER_PHOTOS - 1), { error: 'The photos of a damage must be a list.' })
    .max(MAX_COUNTER_PHOTOS, { error: `Please add at most ${MAX_COUNTER_PHOTOS} photos to a damage.` })
    .optional(),
});

const damages = z
  .array(damageInput, { error: 'Damages must be a list.' })
  .max(MAX_COUNTER_DAMAGES, { error: `Please mark at most ${MAX_COUNTER_DAMAGES} damages at once.` });

/** Check-out's `data` field (JSON), before the check between its fields. */
const checkOutFields = z.object({
  /** The licence number read off the card shown; compared with the driver's details. */
  licenceNumber: text('The licence number seen', 40),
  /** Where the renter lives, as their proof of address gives it: printed on the rental agreement. */
  renterAddress: text("The renter's address", 300),
  odometerKm: odometer,
  fuelEighths: fuel,
  /** Staff walked round the car and the damages already noted are still as noted. */
  existingDamagesConfirmed: z.literal(true, { error: "Please confirm the car's damages already noted, after walking round it." }),
  damages: damages.default([]),
  /** Handed over with the car: spare tyre, jack, child seat... */
  items: z
    .array(text('Each item handed over', 60), { error: 'Items handed over must be a list.' })
    .max(MAX_COUNTER_ITEMS, { error: `Please list at most ${MAX_COUNTER_ITEMS} items.` })
    .default([]),
  deposit: z.object(
    {
      amount: wholeNumber('The deposit taken', 0, 10_000_000),
      method: oneOf('how the deposit was taken', DEPOSIT_METHODS, ['cash', 'card', 'bank transfer']),
      reference: z
        .string({ error: 'The deposit reference must be written as text.' })
        .trim()
        .max(100, { error: 'The deposit reference can be at most 100 characters long.' })
        .default(''),
    },
    { error: 'Please say what deposit was taken.' },
  ),
  signature: signatureImage,
  /** The staff member's own signature (their name is printed either way). */
  staffSignature: signatureImage.optional(),
  /** The balance paid at the counter, recorded in the folio with the keys (it must be the whole balance). */
  payment: z
    .object(
      {
        method: oneOf('how the balance was paid', FOLIO_METHODS, ['card', 'bank deposit', 'cash', 'bank transfer']),
        amount: wholeNumber('The amount paid', 1, 100_000_000),
        reference: z
          .string({ error: 'The payment reference must be written as text.' })
          .trim()
          .max(100, { error: 'The payment reference can be at most 100 characters long.' })
          .default(''),
      },
      { error: 'Please say how the balance was paid.' },
    )
    .optional(),
  /** Keys out with the balance still owing, to be paid when the car comes back (owners and managers only). */
  payAtReturn: z
    .object({ reason: text('The reason to let the customer pay at return', 300) }, { error: 'Please give the reason to let the customer pay at return.' })
    .optional(),
});
const paymentOrPayAtReturn = (data: { payment?: unknown; payAtReturn?: unknown }) => !(data.payment && data.payAtReturn);
export const checkOutData = checkOutFields.refine(paymentOrPayAtReturn, { error: COUNTER_MESSAGES.paymentOrPayAtReturn });
export type CheckOutData = z.infer<typeof checkOutData>;
export type CheckOutDataInput = z.input<typeof checkOutData>;

/**
 * Check-out's `data` as the call reads it: a booking checked in online (decision 125) may come without
 * the licence, the address and the customer's signature, given on the phone; any other booking is
 * then refused (400 counter_paperwork_missing), as checkOutData would.
 */
export const checkOutRequest = checkOutFields
  .partial({ licenceNumber: true, renterAddress: true, signature: true })
  .refine(paymentOrPayAtReturn, { error: COUNTER_MESSAGES.paymentOrPayAtReturn });
export type CheckOutRequest = z.infer<typeof checkOutRequest>;
export type CheckOutRequestInput = z.input<typeof checkOutRequest>;

/** The agreement shown before signing: the check-out form as it stands, without the signatures (and without photos). */
export const agreementPreviewBody = checkOutFields
  .omit({ signature: true, staffSignature: true })
  .refine(paymentOrPayAtReturn, { error: COUNTER_MESSAGES.paymentOrPayAtReturn });
export type AgreementPreviewBody = z.infer<typeof agreementPreviewBody>;
export type AgreementPreviewBodyInput = z.input<typeof agreementPreviewBody>;

/**
 * The rental agreement's content, drawn the same from the same facts on the check-out screen
 * (before signing) and in the PDF: the company's lines, then sections of rows, amounts, text and lists.
 */
const agreementBlock = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rows'), rows: z.array(z.tuple([z.string(), z.string()])) }),
  z.object({ kind: z.literal('amounts'), lines: z.array(z.object({ label: z.string(), amount: z.string(), total: z.boolean().optional() })) }),
  z.object({ kind: z.literal('text'), text: z.string(), grey: z.boolean().optional(), bold: z.boolean().optional() }),
  z.object({ kind: z.literal('list'), items: z.array(z.string()), numbered: z.boolean().optional() }),
]);
export type AgreementBlock = z.infer<typeof agreementBlock>;
export const agreementDocument = z.object({
  company: z.object({ name: z.string(), lines: z.array(z.string()) }),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), blocks: z.array(agreementBlock) })),
  /** The sentence the signatures sign. */
  signing: z.string(),
});
export type AgreementDocument = z.infer<typeof agreementDocument>;

const RETURNED_AT_PROBLEM = 'The return time is not a real time. Please choose it again.';
/** Check-in's `data` field (JSON). */
export const checkInData = z.object({
  odometerKm: odometer,
  fuelEighths: fuel,
  /** When the car came back (ISO 8601); now when left out. Not in the future, not before check-out. */
  returnedAt: z
    .string({ error: RETURNED_AT_PROBLEM })
    .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), { error: RETURNED_AT_PROBLEM })
    .optional(),
  /** New damages, each with its amount, or null: to be assessed (the deposit is kept until it is). */
  damages: z
    .array(damageInput.extend({ amount: wholeNumber('Each damage amount', 0, 10_000_000).nullable() }), { error: 'Damages must be a list.' })
    .max(MAX_COUNTER_DAMAGES, { error: `Please mark at most ${MAX_COUNTER_DAMAGES} damages at once.` })
    .default([]),
  /** 0 when no cleaning is needed. */
  cleaning: wholeNumber('The cleaning charge', 0, 1_000_000).default(0),
  /**
   * Items handed over at check-out that did not come back, each with its charge (0: none). Left
   * out, nothing is recorded missing: the items were not asked about.
   */
  itemsMissing: z
    .array(
      z.object({
        item: text('Each item not returned', 60),
        amount: wholeNumber('The charge for an item not returned', 0, 10_000_000).default(0),
      }),
      { error: 'Items not returned must be a list.' },
    )
    .max(MAX_COUNTER_ITEMS, { error: `Please list at most ${MAX_COUNTER_ITEMS} items.` })
    .refine((missing) => new Set(missing.map(({ item }) => itemKey(item))).size === missing.length, { error: COUNTER_MESSAGES.itemNamedTwice })
    .default([]),
});
export type CheckInData = z.infer<typeof checkInData>;
export type CheckInDataInput = z.input<typeof checkInData>;

export const counterFields = z.object({
  data: z.string().describe('The form as a JSON string (see the schema of this call).'),
  photo: z
    .file()
    .optional()
    .describe(`Zero to ${MAX_COUNTER_PHOTOS} JPEG, PNG or WebP photos, each at most 10 MB; a damage names its photo by position (0 is the first).`),
});

/** One row of the desk: the booking as staff list it, with what the counter needs at a glance. */
export const deskBooking = ownerBooking.extend({
  plate: z.string().nullable(),
  /** Still out after its return day's due time plus the grace period. */
  overdue: z.boolean(),
  dueBackAt: z.string(),
  /** The receipt's address once checked in. */
  receipt: z.string().nullable(),
  /** The car's paper that has expired or expires on or before the return day (shown red); null when none. */
  paperAlert,
  /**
   * A pickup checked in online (decision 125): what the counter still waits for. Absent for other
   * bookings. `vetting`: the driver waits for the company's check; the balance owing and the
   * security deposit still to take (whole JMD, 0 when none).
   */
  stillWaiting: z.object({ vetting: z.boolean(), balance: z.number(), deposit: z.number() }).optional(),
});
export type DeskBooking = z.infer<typeof deskBooking>;

/** A booking the counter handled today: keys out or keys back, and when (the desk's "Done today"). */
export const doneBooking = deskBooking.extend({
  done: z.enum(['out', 'back']),
  doneAt: z.string(),
});
export type DoneBooking = z.infer<typeof doneBooking>;

/** Everything the check-out and check-in forms need about one booking. */
export const counterBooking = deskBooking.extend({
  car: ownerBooking.shape.car.extend({ plate: z.string().nullable(), odometerKm: z.number(), distancePerDay: z.number() }),
  /** The customer's licence as they gave it (null: no driver details). */
  licenceNumber: z.string().nullable(),
  additionalDrivers: z.array(additionalDriver),
  /** Why this booking cannot be checked out now, in words; null when it can. */
  checkOutProblem: z.string().nullable(),
  /** What the booking's folio still asks (negative: owed back); check-out wants it paid first. */
  balance: z.number(),
  openDamages: z.array(carDamage),
  counter: counterRecord,
  /** The company's figures the check-in form shows its sum with (the server computes the same). */
  returnRules: z.object({
    returnTime: z.string(),
    gracePeriodMinutes: z.number(),
    extraKmRate: z.number(),
    fuelEighthPrice: z.number(),
    gctPercent: z.number(),
    dayRate: z.number(),
    days: z.number(),
  }),
});
export type CounterBooking = z.infer<typeof counterBooking>;

export const counterParams = z.object({ id: z.string().describe('The booking id (a UUID).') });
export const damageParams = z.object({ id: z.string().describe('The damage id (a UUID).') });
export const carParams = z.object({ id: z.string().describe('The car id (a UUID).') });

/** Marking a damage repaired: the day (today when left out) and what it cost (left out: not known). */
export const repairDamageBody = z.object({
  repairedOn: calendarDate('Repair day').optional(),
  cost: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/)
          .transform(Number),
      ],
      { error: 'The repair cost must be a whole number.' },
    )
    .pipe(z.number().int({ error: 'The repair cost must be a whole number.' }).max(100_000_000, { error: 'The repair cost must be at most 100,000,000.' }))
    .nullable()
    .optional(),
});
export type RepairDamageBody = z.infer<typeof repairDamageBody>;
export type RepairDamageBodyInput = z.input<typeof repairDamageBody>;

export const counterResponses = {
  desk: ok({
    today: z.string(),
    pickups: z.array(deskBooking),
    returns: z.array(deskBooking),
    overdue: z.array(deskBooking),
    /** Keys out or back today, the latest first. */
    doneToday: z.array(doneBooking),
  }),
  counterBooking: ok({ booking: counterBooking }),
  checkedOut: ok({ message: z.string(), booking: ownerBooking }),
  agreementPreview: ok({ agreement: agreementDocument }),
  checkedIn: ok({
    message: z.string(),
    booking: ownerBooking,
    charges: z.array(returnCharge),
    depositRefunded: z.number(),
    depositKept: z.number(),
    /** The security deposit still held while a damage is to be assessed. */
    depositHeld: z.number(),
    /** The folio's balance once the deposit is settled: what the customer still has to pay. */
    owing: z.number(),
    receiptNumber: z.string(),
    /** Items handed over at check-out that did not come back, as written then. */
    itemsMissing: z.array(z.string()),
  }),
  carDamages: ok({ damages: z.array(carDamage) }),
  damageRepaired: ok({ message: z.string(), damage: carDamage }),
} as const;
export type DeskResponse = z.infer<typeof counterResponses.desk>;
export type CheckedInResponse = z.infer<typeof counterResponses.checkedIn>;
