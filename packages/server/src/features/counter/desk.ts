/**
 * The desk: today's pickups, today's returns and the overdue, and one booking as the check-out and
 * check-in forms need it. "Overdue": still on rent after its return day's due time plus the grace.
 */
import {
  bookingDayRate,
  type CompanySettings,
  DEFAULT_DISTANCE_PER_DAY,
  type CounterBooking,
  companyToday,
  type DeskBooking,
  type DoneBooking,
  carPapersExpiredMessage,
  type PaperAlert,
  dueBackAt,
  rentalDays,
} from '@rental/contract';
import { and, asc, eq, lte, or, type SQL } from 'drizzle-orm';
import { bookings, cars, driverDetails, rentals, users } from '../../db/schema';
import { touchesDays } from '../../db/bookingDays';
import { withinCompanyDay } from '../../db/companyDay';
import type { Database } from '../../db/types';
import { isId } from '../../db/ids';
import { getCompanySettings } from '../company';
import { ownerBookingColumns, type OwnerBookingRow, toOwnerBooking, counterRecordOf, folioTotalsOf, openDamagesOf, receiptsOf } from '../bookings';
import { paperDueColumn, toPaperAlert } from '../carPapers';
import { checkOutRefusal } from './rules';

const deskColumns = {
  ...ownerBookingColumns,
  car: { ...ownerBookingColumns.car, plate: cars.plate, odometerKm: cars.odometerKm, distancePerDay: cars.distancePerDay },
  // The car's paper that has expired, or expires before the booking's return day ends (red on the desk).
  paperDue: paperDueColumn(bookings.carId, bookings.returnDate),
};

type DeskRow = OwnerBookingRow & {
  car: OwnerBookingRow['car'] & { plate: string | null; odometerKm: number; distancePerDay: number | null };
  paperDue: string | null;
};

export function isOverdue(row: { status: string; returnDate: string }, company: CompanySettings, now: Date): boolean {
  if (row.status !== 'on_rent') return false;
  return now.getTime() > dueBackAt(row.returnDate, company.returnTime).getTime() + company.gracePeriodMinutes * 60_000;
}

function toDeskBooking(row: DeskRow, company: CompanySettings, now: Date, receipt: string | null): DeskBooking {
  return {
    ...toOwnerBooking(row),
    plate: row.car.plate,
    overdue: isOverdue(row, company, now),
    dueBackAt: dueBackAt(row.returnDate, company.returnTime).toISOString(),
    receipt,
    paperAlert: toPaperAlert(row.paperDue),
  };
}

function deskRows(db: Database, where: SQL) {
  return db
    .select(deskColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where)
    .orderBy(asc(bookings.pickupDate), asc(cars.brand), asc(bookings.reference));
}

export async function desk(db: Database, now = new Date()) {
  const today = companyToday(now);
  const company = await getCompanySettings(db);
  const rows = await deskRows(
    db,
    or(
      // Confirmed for a day that has begun and not ended: picked up late is still a pickup.
      // As the period (touchesDays), whose index finds them: the two date comparisons read every booking.
      and(eq(bookings.status, 'confirmed'), touchesDays(today, today)),
      and(eq(bookings.status, 'on_rent'), lte(bookings.returnDate, today)),
    )!,
  );
  const shown = rows.map((row) => toDeskBooking(row, company, now, null));
  const pickups = await Promise.all(shown.filter((b) => b.status === 'confirmed').map((b) => withStillWaiting(db, b, company)));
  return {
    today,
    pickups,
    returns: shown.filter((b) => b.status === 'on_rent' && !b.overdue),
    overdue: shown.filter((b) => b.overdue),
    doneToday: await doneToday(db, company, now, today),
  };
}

/**
 * A pickup checked in online (decision 125): what the counter still waits for, so the desk shows
 * who is a two-minute handover and who is not. One folio read per such pickup: a day's few.
 */
async function withStillWaiting<B extends DeskBooking>(db: Database, booking: B, company: CompanySettings, balance?: number): Promise<B> {
  if (!booking.onlineCheckIn) return booking;
  return {
    ...booking,
    stillWaiting: {
      vetting: booking.user.vetting !== 'approved',
      balance: Math.max(0, balance ?? (await folioTotalsOf(db, booking._id)).balance),
      deposit: booking.quote?.securityDeposit ?? company.securityDeposit,
    },
  };
}

/** Keys out or back today (issue 32 item 10): what the counter has done, the latest first. */
async function doneToday(db: Database, company: CompanySettings, now: Date, today: string): Promise<DoneBooking[]> {
  const rows = await db
    .select({ ...deskColumns, checkedOutAt: rentals.checkedOutAt, checkedInAt: rentals.checkedInAt })
    .from(rentals)
    .innerJoin(bookings, eq(bookings.id, rentals.bookingId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    // The desk's "today" is Jamaica's; as ranges, the two columns' indexes find the day's few rentals.
    .where(or(withinCompanyDay(rentals.checkedOutAt, today), withinCompanyDay(rentals.checkedInAt, today)));
  const done: DoneBooking[] = [];
  for (const row of rows) {
    const booking = toDeskBooking(row, company, now, null);
    if (companyToday(row.checkedOutAt) === today) done.push({ ...booking, done: 'out', doneAt: row.checkedOutAt.toISOString() });
    if (row.checkedInAt && companyToday(row.checkedInAt) === today) done.push({ ...booking, done: 'back', doneAt: row.checkedInAt.toISOString() });
  }
  return done.sort((a, b) => b.doneAt.localeCompare(a.doneAt));
}

/** The check-out's refusal for a paper expired by today (the form says it before staff fill it in). */
function expiredPaperProblem(alert: PaperAlert, today: string): string | null {
  return alert && alert.expiresOn <= today ? carPapersExpiredMessage(alert) : null;
}

/** One booking as the counter needs it; undefined when there is no such booking. */
export async function counterBooking(db: Database, id: unknown, now = new Date()): Promise<CounterBooking | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await db
    .select({ ...deskColumns, licenceNumber: driverDetails.licenceNumber })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(driverDetails, eq(driverDetails.userId, bookings.userId))
    .where(eq(bookings.id, id));
  if (!row) return undefined;
  const company = await getCompanySettings(db);
  const [counter, openDamages, receipts, totals] = await Promise.all([
    counterRecordOf(db, id),
    openDamagesOf(db, row.car.id),
    receiptsOf(db, [id]),
    folioTotalsOf(db, id),
  ]);
  const base = await withStillWaiting(db, toDeskBooking(row, company, now, receipts.get(id) ?? null), company, totals.balance);
  const refusal = checkOutRefusal(
    {
      status: row.status,
      pickupDate: row.pickupDate,
      returnDate: row.returnDate,
      vetting: row.user.vetting,
      doNotRent: row.user.doNotRent,
      licenceNumber: row.licenceNumber,
    },
    companyToday(now),
  );
  const days = rentalDays(row.pickupDate, row.returnDate);
  return {
    ...base,
    car: { ...base.car, plate: row.car.plate, odometerKm: row.car.odometerKm, distancePerDay: row.car.distancePerDay ?? DEFAULT_DISTANCE_PER_DAY },
    licenceNumber: row.licenceNumber,
    checkOutProblem: refusal?.message ?? expiredPaperProblem(base.paperAlert, companyToday(now)),
    balance: totals.balance,
    openDamages,
    counter,
    returnRules: {
      returnTime: company.returnTime,
      gracePeriodMinutes: company.gracePeriodMinutes,
      extraKmRate: company.extraKmRate,
      fuelEighthPrice: company.fuelEighthPrice,
      gctPercent: company.gctPercent,
      dayRate: bookingDayRate({ price: row.price, days, quote: row.quote }),
      days,
    },
  };
}
