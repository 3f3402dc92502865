/**
 * A car's papers: read (any staff), saved as new rows (owners and managers: a renewal keeps the
 * paper before), and the fleet's papers by expiry with the bookings that run past one.
 */
import {
  CAR_PAPER_KINDS,
  CAR_PAPER_MAX_YEARS,
  CAR_PAPER_MESSAGES,
  type CarPaper,
  type CarPaperKind,
  type CarPapers,
  type BookingPastExpiry,
  type FleetPapers,
  type PaperDue,
  CAR_PAPER_WARNING_DAYS,
  addDays,
  carPaperState,
  type BodyOf,
  companyToday,
} from '@rental/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { carPaperScans, carPapers, cars } from '../../db/schema';
import { type Database, queryRows, type Tx } from '../../db/types';
import { isId } from '../../db/ids';
import { HttpError } from '../../http/errors';
import { type CurrentPaper, paperDueAmong } from './checks';

type PaperRow = {
  id: string;
  carId: string;
  kind: CarPaperKind;
  expiresOn: string;
  insurer: string | null;
  policyNumber: string | null;
  cost: number | null;
  paidOn: string | null;
  createdAt: Date;
  scanMimeType: string | null;
  scanSize: number | null;
  scanUploadedAt: Date | null;
};

const paperColumns = {
  id: carPapers.id,
  carId: carPapers.carId,
  kind: carPapers.kind,
  expiresOn: carPapers.expiresOn,
  insurer: carPapers.insurer,
  policyNumber: carPapers.policyNumber,
  cost: carPapers.cost,
  paidOn: carPapers.paidOn,
  createdAt: carPapers.createdAt,
  scanMimeType: carPaperScans.mimeType,
  scanSize: carPaperScans.size,
  scanUploadedAt: carPaperScans.uploadedAt,
};

function toPaper(row: PaperRow, today: string, current: boolean): CarPaper {
  return {
    _id: row.id,
    kind: row.kind,
    expiresOn: row.expiresOn,
    insurer: row.insurer,
    policyNumber: row.policyNumber,
    cost: row.cost,
    paidOn: row.paidOn,
    scan: row.scanMimeType && row.scanUploadedAt ? { mimeType: row.scanMimeType, size: row.scanSize ?? 0, uploadedAt: row.scanUploadedAt.toISOString() } : null,
    createdAt: row.createdAt.toISOString(),
    state: carPaperState(row.expiresOn, today),
    current,
  };
}

/** The current paper of a kind is the one that expires last (the latest saved among equals). */
const newestFirst = (a: PaperRow, b: PaperRow) => b.expiresOn.localeCompare(a.expiresOn) || b.createdAt.getTime() - a.createdAt.getTime();

type CarRow = { id: string; brand: string; model: string; plate: string | null };
const carName = (car: CarRow) => ({ _id: car.id, name: `${car.brand} ${car.model}`, plate: car.plate });

async function findCar(db: Database | Tx, carId: unknown, live: boolean): Promise<CarRow> {
  const [car] = isId(carId)
    ? await db
        .select({ id: cars.id, brand: cars.brand, model: cars.model, plate: cars.plate })
        .from(cars)
        .where(live ? and(eq(cars.id, carId), isNull(cars.deletedAt)) : eq(cars.id, carId))
    : [];
  if (!car) throw new HttpError(404, CAR_PAPER_MESSAGES.carNotFound);
  return car;
}

/** The car's papers: the current of each kind, the kinds missing, every paper kept. 404 for a car that does not exist. */
export async function readCarPapers(db: Database | Tx, carId: unknown, now = new Date()): Promise<CarPapers> {
  const today = companyToday(now);
  const car = await findCar(db, carId, false);
  const rows = (await db
    .select(paperColumns)
    .from(carPapers)
    .leftJoin(carPaperScans, eq(carPaperScans.paperId, carPapers.id))
    .where(eq(carPapers.carId, car.id))) as PaperRow[];
  rows.sort(newestFirst);
  const currentIds = new Set(CAR_PAPER_KINDS.flatMap((kind) => rows.find((row) => row.kind === kind)?.id ?? []));
  const history = rows.map((row) => toPaper(row, today, currentIds.has(row.id)));
  return {
    car: carName(car),
    today,
    current: CAR_PAPER_KINDS.flatMap((kind) => history.find((paper) => paper.current && paper.kind === kind) ?? []),
    missing: CAR_PAPER_KINDS.filter((kind) => !rows.some((row) => row.kind === kind)),
    history,
  };
}

/**
 * New papers of a car, all or none. The expiry must be after today (a paper saved already expired
 * is a typing mistake: it would stop the car at once) and at most CAR_PAPER_MAX_YEARS ahead.
 */
export async function saveCarPapers(db: Database, staffId: string, carId: unknown, body: BodyOf<'saveCarPapers'>, now = new Date()): Promise<CarPapers> {
  const today = companyToday(now);
  for (const paper of body.papers) {
    if (paper.expiresOn <= today) throw new HttpError(422, CAR_PAPER_MESSAGES.alreadyExpired, 'car_paper_already_expired');
    if (paper.expiresOn > addDays(today, CAR_PAPER_MAX_YEARS * 366))
      throw new HttpError(400, `The expiry date can be at most ${CAR_PAPER_MAX_YEARS} years ahead. Please check the date on the paper.`);
  }
  return db.transaction(async (tx) => {
    await actAs(tx, staffId);
    const car = await findCar(tx, carId, true);
    await tx.insert(carPapers).values(
      body.papers.map((paper) => ({
        carId: car.id,
        kind: paper.kind,
        expiresOn: paper.expiresOn,
        // Only an insurance names its insurer and policy.
        insurer: paper.kind === 'insurance' ? (paper.insurer ?? null) : null,
        policyNumber: paper.kind === 'insurance' ? (paper.policyNumber ?? null) : null,
        cost: paper.cost ?? null,
        paidOn: paper.paidOn ?? null,
        createdBy: staffId,
      })),
    );
    return readCarPapers(tx, car.id, now);
  });
}

/** The paper of this car, if it exists (the scan's calls). */
export async function paperOfCar(db: Database | Tx, carId: unknown, paperId: unknown): Promise<string | undefined> {
  if (!isId(carId) || !isId(paperId)) return undefined;
  const [row] = await db
    .select({ id: carPapers.id })
    .from(carPapers)
    .where(and(eq(carPapers.id, paperId), eq(carPapers.carId, carId)));
  return row?.id;
}

/** Every car's current papers by expiry, the cars missing a kind, and the bookings that run past an expiry. */
export async function fleetPapers(db: Database, now = new Date()): Promise<FleetPapers> {
  const today = companyToday(now);
  const [rows, fleet, pastExpiry] = await Promise.all([
    db
      .selectDistinctOn([carPapers.carId, carPapers.kind], { ...paperColumns, brand: cars.brand, model: cars.model, plate: cars.plate })
      .from(carPapers)
      .innerJoin(cars, eq(cars.id, carPapers.carId))
      .leftJoin(carPaperScans, eq(carPaperScans.paperId, carPapers.id))
      .where(isNull(cars.deletedAt))
      .orderBy(carPapers.carId, carPapers.kind, desc(carPapers.expiresOn), desc(carPapers.createdAt)),
    db
      .select({ id: cars.id, brand: cars.brand, model: cars.model, plate: cars.plate })
      .from(cars)
      .where(isNull(cars.deletedAt))
      .orderBy(cars.brand, cars.model),
    bookingsPastExpiry(db, today),
  ]);
  const papers = (rows as (PaperRow & { brand: string; model: string; plate: string | null })[])
    .map((row) => ({ ...toPaper(row, today, true), car: carName({ id: row.carId, brand: row.brand, model: row.model, plate: row.plate }) }))
    .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.car.name.localeCompare(b.car.name));
  const kindsOf = new Map<string, Set<string>>();
  for (const paper of papers) kindsOf.set(paper.car._id, (kindsOf.get(paper.car._id) ?? new Set()).add(paper.kind));
  const missing = fleet.flatMap((car) => {
    const kinds = CAR_PAPER_KINDS.filter((kind) => !kindsOf.get(car.id)?.has(kind));
    return kinds.length > 0 ? [{ car: carName(car), kinds }] : [];
  });
  return { today, papers, missing, bookingsPastExpiry: pastExpiry };
}

/**
 * Bookings still to run (pending, confirmed, on rent) whose car's current paper expires on or before
 * their return day: staff renew the paper, or move the booking to another car, before the day.
 */
export async function bookingsPastExpiry(db: Database | Tx, today: string): Promise<BookingPastExpiry[]> {
  const rows = await queryRows<{
    booking_id: string;
    reference: string;
    status: string;
    pickup_date: string;
    return_date: string;
    car_id: string;
    brand: string;
    model: string;
    plate: string | null;
    kind: CarPaperKind;
    expires_on: string;
  }>(
    db,
    sql`WITH current AS (
          SELECT DISTINCT ON (cp.car_id, cp.kind) cp.car_id, cp.kind, cp.expires_on
            FROM car_papers cp
           ORDER BY cp.car_id, cp.kind, cp.expires_on DESC)
        SELECT DISTINCT ON (b.id) b.id AS booking_id, b.reference, b.status, b.pickup_date::text, b.return_date::text,
               c.id AS car_id, c.brand, c.model, c.plate, p.kind, p.expires_on::text
          FROM current p
          JOIN cars c ON c.id = p.car_id AND c.deleted_at IS NULL
          JOIN bookings b ON b.car_id = p.car_id
         WHERE b.status IN ('pending', 'confirmed', 'on_rent') AND b.return_date >= ${today}::date AND p.expires_on <= b.return_date
         ORDER BY b.id, p.expires_on`,
  );
  return rows
    .map((row) => ({
      bookingId: row.booking_id,
      reference: row.reference,
      status: row.status,
      pickupDate: row.pickup_date,
      returnDate: row.return_date,
      car: carName({ id: row.car_id, brand: row.brand, model: row.model, plate: row.plate }),
      paper: { kind: row.kind, expiresOn: row.expires_on },
    }))
    .sort((a, b) => a.pickupDate.localeCompare(b.pickupDate) || a.reference.localeCompare(b.reference));
}

/** Cars (not removed) whose current paper has expired today or before, by car (Manage Cars' red mark). */
export async function expiredPapersByCar(db: Database, now = new Date()): Promise<Map<string, CurrentPaper>> {
  const today = companyToday(now);
  const expired = new Map<string, CurrentPaper>();
  for (const [carId, papers] of await currentPapersByCar(db)) {
    const due = paperDueAmong(papers, today);
    if (due) expired.set(carId, due);
  }
  return expired;
}

/**
 * Every car's current papers (of each kind, the one that expires last), soonest first and by kind
 * on the same day: one pass over car_papers for a whole fleet, where paperDueColumn probes the
 * index for each kind of each row (1,000 cars and 770 bookings on the timeline: ~40 ms on PGlite).
 */
export async function currentPapersByCar(db: Database): Promise<Map<string, CurrentPaper[]>> {
  const rows = await queryRows<{ car_id: string; kind: CarPaperKind; expires_on: string }>(
    db,
    sql`SELECT p.car_id, p.kind, p.expires_on::text
          FROM (SELECT DISTINCT ON (cp.car_id, cp.kind) cp.car_id, cp.kind, cp.expires_on
                  FROM car_papers cp ORDER BY cp.car_id, cp.kind, cp.expires_on DESC) p
         ORDER BY p.car_id, p.expires_on, p.kind`,
  );
  const byCar = new Map<string, CurrentPaper[]>();
  for (const row of rows) {
    const papers = byCar.get(row.car_id) ?? [];
    papers.push({ kind: row.kind, expiresOn: row.expires_on });
    byCar.set(row.car_id, papers);
  }
  return byCar;
}

/** The current papers of cars not removed that expired or expire within CAR_PAPER_WARNING_DAYS, the soonest first (the dashboard). */
export async function papersDue(db: Database, today: string): Promise<PaperDue[]> {
  const rows = await queryRows<{ id: string; car_id: string; brand: string; model: string; plate: string | null; kind: CarPaperKind; expires_on: string }>(
    db,
    sql`SELECT p.id, p.car_id, c.brand, c.model, c.plate, p.kind, p.expires_on::text
          FROM (SELECT DISTINCT ON (cp.car_id, cp.kind) cp.id, cp.car_id, cp.kind, cp.expires_on
                  FROM car_papers cp ORDER BY cp.car_id, cp.kind, cp.expires_on DESC, cp.created_at DESC) p
          JOIN cars c ON c.id = p.car_id AND c.deleted_at IS NULL
         WHERE p.expires_on <= ${addDays(today, CAR_PAPER_WARNING_DAYS)}::date
         ORDER BY p.expires_on, c.brand, c.model, p.kind`,
  );
  return rows.map((row) => ({
    car: carName({ id: row.car_id, brand: row.brand, model: row.model, plate: row.plate }),
    paperId: row.id,
    kind: row.kind,
    expiresOn: row.expires_on,
    state: carPaperState(row.expires_on, today),
  }));
}
