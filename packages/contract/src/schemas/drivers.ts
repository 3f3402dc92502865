/**
 * Drivers: the customer's own licence and date of birth, the documents they send, the company's
 * check of them (vetting), staff's "do not rent", and the other drivers named on a booking.
 */
import { z } from 'zod';
import { DOCUMENT_KINDS, DOCUMENT_KIND_NAMES, MAX_ADDITIONAL_DRIVERS, VETTING_STATUSES } from '../constants';
import { wholeYears } from '../driverRules';
import { companyToday } from '../rentalDates';
import { calendarDate, expectedTotal, idField, oneOf, password, personName, text } from './fields';

/** The youngest anyone can hold a licence anywhere; an earlier birth date is a typing slip. */
const YOUNGEST_LICENCE_HOLDER = 16;
const OLDEST_DRIVER = 110;

const licenceNumber = text('Licence number', 30).refine((value) => /^[A-Za-z0-9][A-Za-z0-9 -]{2,29}$/.test(value), {
  error: 'Licence number may hold only letters, digits, spaces and dashes, at least 3 of them.',
});

const driverShape = {
  licenceNumber,
  licenceCountry: text('Issuing country', 60),
  licenceIssued: calendarDate('Licence issue date'),
  licenceExpires: calendarDate('Licence expiry date'),
  dateOfBirth: calendarDate('Date of birth'),
};

type DriverInput = { [K in keyof typeof driverShape]: string };

/** The checks between the fields, each on the field a person would correct; `today` is the company's. */
function checkDriverDates(value: DriverInput, ctx: z.RefinementCtx, today: string): void {
  const problem = (field: keyof DriverInput, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (value.dateOfBirth > today) problem('dateOfBirth', 'The date of birth cannot be in the future.');
  else if (wholeYears(value.dateOfBirth, today) < YOUNGEST_LICENCE_HOLDER)
    problem('dateOfBirth', `Please check the date of birth: a driver must be at least ${YOUNGEST_LICENCE_HOLDER} years old.`);
  else if (wholeYears(value.dateOfBirth, today) > OLDEST_DRIVER) problem('dateOfBirth', 'Please check the date of birth: it is more than 110 years ago.');
  if (value.licenceIssued > today) problem('licenceIssued', 'The licence issue date cannot be in the future.');
  else if (value.licenceIssued < value.dateOfBirth) problem('licenceIssued', 'The licence issue date cannot be before the date of birth.');
  if (value.licenceExpires <= value.licenceIssued) problem('licenceExpires', 'The licence expiry date must be after its issue date.');
  else if (value.licenceExpires < today) problem('licenceExpires', 'This licence has expired. Please enter the details of a valid licence.');
}

/** PUT /api/user/driver: the customer's own driving licence and date of birth. */
export const driverBody = z.object(driverShape).superRefine((value, ctx) => checkDriverDates(value, ctx, companyToday()));
export type DriverBody = z.infer<typeof driverBody>;
/** The same, as part of a staff booking (a walk-in's licence typed at the desk, docs/decisions/107). */
export const typedLicence = z
  .object(driverShape, { error: 'Please give the driving licence with its number, issuing country, dates and the date of birth, or leave it out.' })
  .superRefine((value, ctx) => checkDriverDates(value, ctx, companyToday()));

export const driver = z.object({
  licenceNumber: z.string(),
  licenceCountry: z.string(),
  licenceIssued: z.string(),
  licenceExpires: z.string(),
  dateOfBirth: z.string(),
  updatedAt: z.string(),
});
export type Driver = z.infer<typeof driver>;

/** Where the company's check of the customer stands; a reason only when not approved. */
export const vetting = z.object({ status: z.enum(VETTING_STATUSES), reason: z.string().optional() });
export type Vetting = z.infer<typeof vetting>;

// ---------- documents ----------
export const documentKind = oneOf('which document this is', DOCUMENT_KINDS, DOCUMENT_KIND_NAMES);

export const customerDocument = z.object({
  _id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  uploadedAt: z.string(),
  /** image/webp for a photo (re-encoded without its metadata), application/pdf for a PDF. */
  mimeType: z.string(),
  size: z.number(),
});
export type CustomerDocument = z.infer<typeof customerDocument>;

/** What an account's documents take (bytes, as stored) of its quota (DOCUMENT_QUOTA_MB). */
export const documentStorage = z.object({
  used: z.number().describe('Bytes the documents take.'),
  limit: z.number().describe("The account's quota in bytes."),
});
export type DocumentStorage = z.infer<typeof documentStorage>;

export const documentUploadFields = z.object({
  kind: z.enum(DOCUMENT_KINDS).describe(`One of ${DOCUMENT_KINDS.join(', ')}.`),
  file: z.file().describe('A JPEG, PNG or WebP photo, or a PDF, at most 10 MB.'),
});

// ---------- additional drivers ----------
export const additionalDriverBody = z
  .object({ name: personName('Driver name', 100), ...driverShape })
  .superRefine((value, ctx) => checkDriverDates(value, ctx, companyToday()));
export type AdditionalDriverBody = z.infer<typeof additionalDriverBody>;

export const bookingDriversBody = z.object({
  drivers: z
    .array(additionalDriverBody, { error: 'Please list the other drivers.' })
    .max(MAX_ADDITIONAL_DRIVERS, { error: `A booking can name at most ${MAX_ADDITIONAL_DRIVERS} other drivers.` }),
  expectedTotal,
});
export type BookingDriversBody = z.infer<typeof bookingDriversBody>;

export const additionalDriver = driver.omit({ updatedAt: true }).extend({ name: z.string() });
export type AdditionalDriver = z.infer<typeof additionalDriver>;

// ---------- staff: vetting, do not rent ----------
export const vettingDecisionBody = z
  .object({
    userId: idField('the customer'),
    decision: oneOf('approve or not approve', ['approved', 'rejected'] as const, ['approved', 'not approved']),
    reason: z.string({ error: 'Reason must be written as text.' }).trim().max(300, { error: 'Reason can be at most 300 characters long.' }).optional(),
    /** The driver details' updatedAt as staff saw them: changed since, the decision is refused (409). */
    detailsUpdatedAt: z
      .string({ error: 'Please open the customer’s card again before deciding.' })
      .max(40, { error: 'Please open the customer’s card again before deciding.' })
      .optional(),
  })
  .refine((value) => value.decision === 'approved' || (value.reason ?? '').length > 0, {
    path: ['reason'],
    error: 'Please give the reason the customer is not approved: they are told it.',
  });
export type VettingDecisionBody = z.infer<typeof vettingDecisionBody>;

export const doNotRentBody = z.object({ reason: text('Reason', 300) });
export type DoNotRentBody = z.infer<typeof doNotRentBody>;

export const deleteAccountBody = z.object({ password: password('Password', 1) });
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const vettingQuery = z.object({
  status: oneOf('which customers', ['waiting', 'approved', 'rejected', 'do_not_rent'] as const, ['waiting', 'approved', 'not approved', 'do not rent'])
    .optional()
    .describe('waiting (the default), approved, rejected, or do_not_rent.'),
});

/** One customer as staff check them: details, documents, the rules on their coming rentals. */
export const vettingEntry = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  driver: driver.nullable(),
  vetting,
  /** Staff's private reason, or null. */
  doNotRent: z.string().nullable(),
  documents: z.array(customerDocument),
  /** The rules checked on each coming booking (or on today, when there is none). */
  checks: z.array(z.object({ reference: z.string().nullable(), pickupDate: z.string(), returnDate: z.string(), problems: z.array(z.string()) })),
  bookings: z.array(z.object({ reference: z.string(), car: z.string(), pickupDate: z.string(), returnDate: z.string(), status: z.string() })),
});
export type VettingEntry = z.infer<typeof vettingEntry>;

export const customerIdParams = z.object({ id: z.string().describe("The customer's id (a UUID).") });

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });

export const driverResponses = {
  driverSaved: ok({ message: z.string(), driver, vetting }),
  documents: ok({ documents: z.array(customerDocument), storage: documentStorage }),
  documentUploaded: ok({ message: z.string(), document: customerDocument, storage: documentStorage }),
  vetting: ok({ customers: z.array(vettingEntry) }),
  vettingDecided: ok({ message: z.string(), customer: vettingEntry }),
  /** A customer's driver details as staff see them at the desk (docs/decisions/107). */
  customerDriver: ok({ customer: vettingEntry }),
  customerDriverSaved: ok({ message: z.string(), customer: vettingEntry }),
} as const;
export type DriverSavedResponse = z.infer<typeof driverResponses.driverSaved>;
export type VettingResponse = z.infer<typeof driverResponses.vetting>;
