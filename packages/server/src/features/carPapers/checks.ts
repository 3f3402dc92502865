/**
 * What other features ask of a car's papers inside their own statements, as one column each: the
 * counter's check-out reads it in the SELECT that locks the booking (no query of its own: check-out
 * speed is measured, bench/counter-checkout.mjs), the desk, the timeline and Manage Cars beside their
 * rows. Each is one probe of car_papers_current_idx per kind; a whole fleet's rows (the timeline,
 * Manage Cars) read every car's current papers once instead (currentPapersByCar) and pick with paperDueAmong.
 */
import { CAR_PAPER_KINDS, type CarPaperKind, carPapersExpiredMessage, type PaperAlert } from '@rental/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { HttpError } from '../../http/errors';

const KINDS = sql.raw(`(VALUES ${CAR_PAPER_KINDS.map((kind) => `('${kind}')`).join(', ')}) AS k(kind)`);

/**
 * "kind:YYYY-MM-DD" of the car's current paper (the one of its kind that expires last) that expires
 * soonest on or before `until`, or null. A kind the car has no paper of is not counted: the papers
 * are recorded as the company gets to them, and a car without any is not stopped. `carId` and
 * `until` must name their table: drizzle writes the columns of a one-table select bare ("id"), and a
 * bare name inside this subquery would be the paper's own.
 */
export function paperDueColumn(carId: AnyColumn | SQL, until: AnyColumn | SQL): SQL<string | null> {
  return sql<string | null>`(SELECT p.kind || ':' || p.expires_on::text
      FROM ${KINDS}
      CROSS JOIN LATERAL (SELECT cp.kind, cp.expires_on FROM car_papers cp
                           WHERE cp.car_id = ${carId} AND cp.kind = k.kind
                           ORDER BY cp.expires_on DESC LIMIT 1) p
     WHERE p.expires_on <= ${until}
     ORDER BY p.expires_on, p.kind LIMIT 1)`;
}

/** A car's current paper of one kind: the one of its kind that expires last. */
export interface CurrentPaper {
  kind: CarPaperKind;
  expiresOn: string;
}

/**
 * paperDueColumn's answer from a car's current papers, listed soonest first (as currentPapersByCar
 * gives them): the first that expires on or before `until` (YYYY-MM-DD, compared as text), or null.
 */
export function paperDueAmong(papers: readonly CurrentPaper[] | undefined, until: string): PaperAlert {
  const due = papers?.find((paper) => paper.expiresOn <= until);
  return due ? { kind: due.kind, expiresOn: due.expiresOn } : null;
}

/** The column's value as the rows carry it (PaperAlert). */
export function toPaperAlert(value: string | null | undefined): PaperAlert {
  if (!value) return null;
  const [kind, expiresOn] = value.split(':') as [CarPaperKind, string];
  return { kind, expiresOn };
}

/** Refuses the hand-over (409 car_papers_expired, naming the paper) when the car's paper has expired. */
export function refuseExpiredPaper(due: string | null | undefined): void {
  const paper = toPaperAlert(due);
  if (paper) throw new HttpError(409, carPapersExpiredMessage(paper), 'car_papers_expired');
}
