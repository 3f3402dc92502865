/** A car's papers (carPapers.ts, docs/decisions/116). */
import { z } from 'zod';
import { CAR_PAPER_KINDS, CAR_PAPER_MESSAGES } from '../carPapers';
import { calendarDate, ok, oneOf, text, wholeNumber } from './fields';
import { car } from './cars';

/** A paper's cost (premium, fee), in whole units of the currency as the folio's amounts. */
export const MAX_CAR_PAPER_COST = 100_000_000;

const paperKind = oneOf('which paper', CAR_PAPER_KINDS, ['registration', 'certificate of fitness', 'insurance']);

export const carPaperInput = z
  .object({
    kind: paperKind,
    expiresOn: calendarDate('Expiry date').describe('YYYY-MM-DD: the first day the paper no longer covers the car. Must be after today.'),
    insurer: text('The insurer', 100).optional().describe('Insurance only (required there).'),
    policyNumber: text('The policy number', 60).optional().describe('Insurance only (required there).'),
    cost: wholeNumber('The cost', 0, MAX_CAR_PAPER_COST).nullish().describe('Optional: what the paper cost (premium, fee), counted on paidOn.'),
    paidOn: calendarDate('Day it was paid').nullish().describe('Optional, YYYY-MM-DD.'),
  })
  .superRefine((paper, ctx) => {
    if (paper.kind === 'insurance' && (!paper.insurer || !paper.policyNumber))
      ctx.addIssue({ code: 'custom', message: CAR_PAPER_MESSAGES.insuranceNeedsPolicy });
  });
export type CarPaperInput = z.input<typeof carPaperInput>;

export const carPapersBody = z.object({
  papers: z
    .array(carPaperInput, { error: 'Please send the papers as a list.' })
    .min(1, { error: 'Please send at least one paper.' })
    .max(CAR_PAPER_KINDS.length, { error: CAR_PAPER_MESSAGES.oneOfEachKind })
    .refine((papers) => new Set(papers.map((paper) => paper.kind)).size === papers.length, { error: CAR_PAPER_MESSAGES.oneOfEachKind })
    .describe('One or more new papers (a renewal is a new paper; the ones before are kept).'),
});
export type CarPapersBody = z.input<typeof carPapersBody>;

export const carPaperParams = z.object({ id: z.string().describe("The car's id."), paperId: z.string().describe("The paper's id.") });

export const carPaperScanFields = z.object({
  file: z.file().describe('A JPEG, PNG or WebP photo, or a PDF, at most 10 MB.'),
});

const carPaperState = z.enum(['valid', 'expiring', 'expired']);

export const carPaper = z.object({
  _id: z.string(),
  kind: z.enum(CAR_PAPER_KINDS),
  expiresOn: z.string(),
  insurer: z.string().nullable(),
  policyNumber: z.string().nullable(),
  cost: z.number().nullable(),
  paidOn: z.string().nullable(),
  /** The scan kept for it (read through its own call, staff only). */
  scan: z.object({ mimeType: z.string(), size: z.number(), uploadedAt: z.string() }).nullable(),
  createdAt: z.string(),
  /** Expired on its day and after; expiring within 30 days. */
  state: carPaperState,
  /** The current paper of its kind (the one that expires last). */
  current: z.boolean(),
});
export type CarPaper = z.infer<typeof carPaper>;

const carNamed = z.object({ _id: z.string(), name: z.string(), plate: z.string().nullable() });

export const carPapers = z.object({
  car: carNamed,
  today: z.string(),
  /** The current paper of each kind the car has, in the kinds' order. */
  current: z.array(carPaper),
  /** Kinds the car has no paper of yet. */
  missing: z.array(z.enum(CAR_PAPER_KINDS)),
  /** Every paper, the latest expiry first (renewals keep the ones before). */
  history: z.array(carPaper),
});
export type CarPapers = z.infer<typeof carPapers>;

/** A paper that runs out before a booking's return (the booking's car cannot be on the road then). */
export const bookingPastExpiry = z.object({
  bookingId: z.string(),
  reference: z.string(),
  status: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  car: carNamed,
  paper: z.object({ kind: z.enum(CAR_PAPER_KINDS), expiresOn: z.string() }),
});
export type BookingPastExpiry = z.infer<typeof bookingPastExpiry>;

export const fleetPapers = z.object({
  today: z.string(),
  /** Every car's current papers, the soonest expiry first. */
  papers: z.array(carPaper.extend({ car: carNamed })),
  /** Cars (not removed) missing a kind of paper. */
  missing: z.array(z.object({ car: carNamed, kinds: z.array(z.enum(CAR_PAPER_KINDS)) })),
  /** Bookings (pending, confirmed, on rent) whose car has a paper that expires on or before their return day. */
  bookingsPastExpiry: z.array(bookingPastExpiry),
});
export type FleetPapers = z.infer<typeof fleetPapers>;

/** A paper on the dashboard: expired, or expiring within 30 days. */
export const paperDue = z.object({ car: carNamed, paperId: z.string(), kind: z.enum(CAR_PAPER_KINDS), expiresOn: z.string(), state: carPaperState });
export type PaperDue = z.infer<typeof paperDue>;

/** What a list row shows in red: the car's paper that has expired (or runs out before the booking's return). */
export const paperAlert = z.object({ kind: z.enum(CAR_PAPER_KINDS), expiresOn: z.string() }).nullable();
export type PaperAlert = z.infer<typeof paperAlert>;

export const carPaperResponses = {
  /** Manage Cars: the fleet, each car with its paper expired by today (null when none). */
  ownerCars: ok({ cars: z.array(car.extend({ paperAlert })) }),
  carPapers: ok({ papers: carPapers }),
  carPapersSaved: ok({ message: z.string(), papers: carPapers }),
  fleetPapers: ok({ papers: fleetPapers }),
} as const;
