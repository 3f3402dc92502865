/**
 * Keys back. In one transaction, with the booking's row locked (a second check-in waits, then finds
 * it returned: 409): the charges (counter.ts returnCharges, from the company's settings) added to
 * the folio, the security deposit settled against the folio's whole balance (or held while a damage
 * is to be assessed), the next receipt number (receipt_numbers: taken in this transaction, so a
 * check-in that does not commit gives its number back and none is skipped or given twice), the
 * receipt stored as made, the car's odometer and damages; the check_in event carries what was settled,
 * and features/mail writes the e-mail with the receipt from it.
 */
import {
  bookingDayRate,
  type CheckInData,
  COUNTER_MESSAGES,
  MESSAGES,
  companyToday,
  DAMAGE_ZONE_WORDS,
  DEFAULT_DISTANCE_PER_DAY,
  dueBackAt,
  type FolioLineKind,
  gctOn,
  receiptNumber,
  REFUSAL_CODES,
  rentalDays,
  returnCharges,
  type ReturnChargeKind,
  type ReturnSettled,
  type ReturnSettlement,
  sameItem,
} from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { actorColumn } from '../../db/actor';
import { bookings, cars, receiptNumbers, rentals, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { companySettingsColumn, companySettingsOf } from '../company';
import type { EventLog } from '../../events';
import type { Staff } from './checkOut';
import { placeDamages, recordDamages } from './damages';
import type { CounterForm } from './counterForm';
import { renderReceipt } from './receiptPdf';
import { bookingFactsColumns, rememberBookingFacts, settleReturn, staffActor, takeStep } from '../bookings';

/** A return time a little ahead of the server's clock is a phone's clock, not the future. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** The folio's kind of each return charge (GCT is carried on each line, not a line of its own). */
const FOLIO_KIND_OF: Record<Exclude<ReturnChargeKind, 'gct'>, FolioLineKind> = {
  late: 'late',
  distance: 'distance',
  fuel: 'fuel',
  damage: 'damage',
  item: 'other',
  cleaning: 'cleaning',
};

/**
 * The items named as not returned, as written at check-out (a name is matched whatever its case or
 * spacing); an item that was never handed over is refused, before anything is written.
 */
function itemsNotReturned(handedOver: string[], named: CheckInData['itemsMissing']): { item: string; amount: number }[] {
  return named.map(({ item, amount }) => {
    const asWritten = handedOver.find((other) => sameItem(other, item));
    if (asWritten === undefined) throw new HttpError(422, REFUSAL_CODES.item_not_handed_over, 'item_not_handed_over', { item });
    return { item: asWritten, amount };
  });
}

export interface CheckInOutcome extends Pick<ReturnSettlement, 'charges'> {
  depositRefunded: number;
  depositKept: number;
  depositHeld: number;
  /** The folio's balance once the deposit is settled. */
  owing: number;
  receiptNumber: string;
  /** As written at check-out. */
  itemsMissing: string[];
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The next receipt number of the year, taken by the statement that locks the booking (a data-modifying
 * WITH): its row lock queues check-ins, and a check-in refused or not committed gives it back, so none
 * is skipped or given twice.
 */
function nextReceiptNumber(tx: Tx, year: number) {
  return tx.$with('receipt').as(
    tx
      .insert(receiptNumbers)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: receiptNumbers.year, set: { last: sql`${receiptNumbers.last} + 1` } })
      .returning({ last: receiptNumbers.last }),
  );
}

export async function checkIn(
  db: Database,
  staff: Staff,
  bookingId: unknown,
  form: CounterForm<CheckInData>,
  events: EventLog,
  now = new Date(),
): Promise<CheckInOutcome> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const { data, photos } = form;
  const returnedAt = data.returnedAt ? new Date(data.returnedAt) : now;
  if (returnedAt.getTime() > now.getTime() + CLOCK_SLACK_MS) throw new HttpError(422, COUNTER_MESSAGES.returnedInFuture);
  // Each damage's place (a pin or a zone) before anything is locked: a place off the drawing refuses the form.
  const damages = placeDamages(data.damages);
  return db.transaction(async (tx) => {
    const year = Number(companyToday(now).slice(0, 4));
    const numbered = nextReceiptNumber(tx, year);
    const [row] = await tx
      .with(numbered)
      .select({
        // Here, not queries of their own: the transaction's one connection takes one query at a time.
        actor: actorColumn(staff.id),
        company: companySettingsColumn(),
        receiptNumber: sql<number>`(SELECT last FROM ${numbered})`,
        ...bookingFactsColumns,
        carId: bookings.carId,
        car: { ...bookingFactsColumns.car, plate: cars.plate, distancePerDay: cars.distancePerDay },
        // Not the whole row: it carries the signed agreement's PDF and the signatures.
        rental: {
          bookingId: rentals.bookingId,
          checkedOutAt: rentals.checkedOutAt,
          odometerOut: rentals.odometerOut,
          fuelOut: rentals.fuelOut,
          depositAmount: rentals.depositAmount,
          depositMethod: rentals.depositMethod,
          depositKept: rentals.depositKept,
          items: rentals.items,
        },
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .leftJoin(rentals, eq(rentals.bookingId, bookings.id))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    if (!row) throw new HttpError(404, MESSAGES.bookingNotFound);
    rememberBookingFacts(tx, row);
    if (row.status === 'returned') throw new HttpError(409, COUNTER_MESSAGES.alreadyCheckedIn);
    if (row.status !== 'on_rent') throw new HttpError(409, COUNTER_MESSAGES.notOnRent);
    // Read with the booking's lock: the rental row is written only by a check-out or check-in of this booking, which take it too.
    const { rental } = row;
    if (!rental) throw new HttpError(409, COUNTER_MESSAGES.notOnRent);
    if (returnedAt < rental.checkedOutAt) throw new HttpError(422, COUNTER_MESSAGES.returnedBeforeCheckOut);
    if (data.odometerKm < rental.odometerOut) throw new HttpError(422, COUNTER_MESSAGES.odometerBelowCheckOut);
    const itemsMissing = itemsNotReturned(rental.items, data.itemsMissing);
    const missingNames = itemsMissing.map(({ item }) => item);

    const company = await companySettingsOf(tx, row.company);
    const days = rentalDays(row.pickupDate, row.returnDate);
    const damageLabel = (damage: (typeof damages)[number]) => `Damage (${DAMAGE_ZONE_WORDS[damage.zone].toLowerCase()}): ${damage.description}`;
    const settlement = returnCharges({
      days,
      dayRate: bookingDayRate({ price: row.price, days, quote: row.quote }),
      distancePerDay: row.car.distancePerDay ?? DEFAULT_DISTANCE_PER_DAY,
      odometerOut: rental.odometerOut,
      odometerIn: data.odometerKm,
      fuelOut: rental.fuelOut,
      fuelIn: data.fuelEighths,
      dueAt: dueBackAt(row.returnDate, company.returnTime),
      returnedAt,
      damages: damages.map((damage) => ({ label: damageLabel(damage), amount: damage.amount })),
      itemsMissing,
      cleaning: data.cleaning,
      settings: company,
    });

    await recordDamages(tx, { bookingId, carId: row.carId, stage: 'check_in', at: now }, damages, photos);
    const { folio, settled: deposit } = await settleReturn(tx, {
      bookingId,
      reference: row.reference,
      by: staff.id,
      charges: settlement.charges.flatMap((charge) =>
        charge.kind === 'gct'
          ? []
          : [{ kind: FOLIO_KIND_OF[charge.kind], label: charge.label, amount: charge.amount, gct: gctOn(charge.amount, company.gctPercent), by: staff.id }],
      ),
      deposit: { amount: rental.depositAmount, method: rental.depositMethod, kept: rental.depositKept },
      toBeAssessed: settlement.toBeAssessed,
      company,
    });
    const number = receiptNumber(year, Number(row.receiptNumber));
    const drawReceipt = () =>
      renderReceipt({
        company,
        receiptNumber: number,
        issuedAt: now,
        reference: row.reference,
        customer: row.customer,
        car: { ...row.car, plate: row.car.plate },
        pickupDate: row.pickupDate,
        returnDate: row.returnDate,
        checkedOutAt: rental.checkedOutAt,
        returnedAt,
        folio,
        deposit: { amount: rental.depositAmount, method: rental.depositMethod },
        depositRefunded: deposit.refunded,
        depositKept: deposit.kept,
        depositHeld: deposit.held,
        toBeAssessed: settlement.toBeAssessed,
        odometerOut: rental.odometerOut,
        odometerIn: data.odometerKm,
        fuelOut: rental.fuelOut,
        fuelIn: data.fuelEighths,
        damages,
        itemsMissing: missingNames,
      }).then((receipt) => [
        tx
          .update(rentals)
          .set({ receiptPdf: Buffer.from(receipt) })
          .where(eq(rentals.bookingId, bookingId))
          .getSQL(),
      ]);
    // The rental and the car's odometer are written by the step's own statement (takeStep's
    // alongside): the transaction's one connection takes one query at a time (bench/counter-checkout.mjs).
    // The receipt is drawn while that statement runs and kept by the event's (takeStep's drawing).
    const rentalReturned = tx
      .update(rentals)
      .set({
        checkedInAt: now,
        checkedInBy: staff.id,
        returnedAt,
        odometerIn: data.odometerKm,
        fuelIn: data.fuelEighths,
        cleaning: data.cleaning,
        charges: settlement.charges,
        chargesTotal: settlement.total,
        owing: deposit.owing,
        toBeAssessed: settlement.toBeAssessed,
        itemsMissing: missingNames,
        receiptNumber: number,
      })
      .where(eq(rentals.bookingId, bookingId));
    const odometerRead = tx
      .update(cars)
      .set({ odometerKm: sql`greatest(${cars.odometerKm}, ${data.odometerKm})` })
      .where(eq(cars.id, row.carId));
    const outcome = {
      charges: settlement.charges,
      depositRefunded: deposit.refunded,
      depositKept: deposit.kept,
      depositHeld: deposit.held,
      owing: deposit.owing,
      receiptNumber: number,
    };
    const returnSettled: ReturnSettled = { ...outcome, chargesTotal: settlement.total, toBeAssessed: settlement.toBeAssessed };
    const answer = { ...outcome, itemsMissing: missingNames };
    await takeStep(
      tx,
      events,
      bookingId,
      'on_rent',
      {
        event: 'check_in',
        actor: staffActor(staff.staffRole),
        actorId: staff.id,
        data: { settlement: returnSettled },
      },
      [rentalReturned.getSQL(), odometerRead.getSQL()],
      drawReceipt,
    );
    return answer;
  });
}
