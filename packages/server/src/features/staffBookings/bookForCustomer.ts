/**
 * A booking staff make for a walk-in or phone customer (docs/decisions/094). It goes down the
 * customer's own path (bookBatch.ts's bookInTransaction, then book_car in the database) with every
 * rule but the limit of holds; around it, in the same transaction: the new customer's account (so a
 * refused booking leaves none behind), the confirmation when staff confirm at once, the link to set
 * a password, and the history's line saying who on staff booked for whom. The customer's licence,
 * when staff type it (docs/decisions/107), is checked by the rules on the booking's days first and
 * written through the drivers feature, as the customer's own entry is.
 */
import { randomBytes } from 'node:crypto';
import {
  driverProblems,
  DRIVER_MESSAGES,
  MESSAGES,
  rentalDatesProblem,
  STAFF_BOOKING_MESSAGES,
  type StaffBookingBody,
  type StaffBookingResponse,
  WELCOME_LINK_DAYS,
} from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { retryTransientConflicts } from '../../db/retry';
import { bookings, passwordResets, users } from '../../db/schema';
import { type Database, isUniqueViolation } from '../../db/types';
import { HttpError } from '../../http/errors';
import { hashResetToken } from '../auth';
import { isId } from '../../db/ids';
import { bookInTransaction, type BookingRules, findBooking, type Actor, staffActor, takeStep } from '../bookings';
import { getCompanySettings } from '../company';
import { writeDriver } from '../drivers';
import { theRow } from '../../db/rows';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A new booking reference that clashed with an old one (one in a billion): the whole thing is tried again. */
class ReferenceClash extends Error {}
const MAX_TRIES = 5;

export async function bookForCustomer(db: Database, actor: Actor, body: StaffBookingBody, rules: BookingRules): Promise<StaffBookingResponse> {
  // The same first checks as the booking desk's, before any work.
  const problem = rentalDatesProblem(body.pickupDate, body.returnDate);
  if (problem) throw new HttpError(400, problem.message);
  if (!isId(body.car)) throw new HttpError(404, MESSAGES.carNotFound);
  if ('userId' in body.customer && !isId(body.customer.userId)) throw new HttpError(404, STAFF_BOOKING_MESSAGES.customerNotFound);
  for (let tries = 1; ; tries++) {
    try {
      return await retryTransientConflicts(() => db.transaction((tx) => book(tx, actor, body, rules)));
    } catch (err) {
      if (!(err instanceof ReferenceClash) || tries >= MAX_TRIES) throw err;
    }
  }
}

async function book(tx: Tx, actor: Actor, body: StaffBookingBody, rules: BookingRules): Promise<StaffBookingResponse> {
  // The history names the staff member for everything this transaction changes.
  await actAs(tx, actor.id);
  const { customerId, isNew, email, name } = await theCustomer(tx, body.customer);
  if (body.driver) {
    // Said in staff's words, naming the customer, before anything is kept (the new account rolls back).
    const problems = driverProblems(body.driver, body, await getCompanySettings(tx), name);
    if (problems.length > 0) throw new HttpError(422, problems.map((p) => p.message).join(' '));
    await writeDriver(tx, customerId, body.driver);
  }
  const confirmAtOnce = body.status === 'confirmed';
  const [outcome] = await bookInTransaction(tx, [{ actor, forCustomer: customerId, input: body, confirmAtOnce }], rules);
  if (!outcome || 'again' in outcome) throw new ReferenceClash();
  // A refusal rolls everything back, the new customer's account too.
  if ('refusal' in outcome) throw outcome.refusal;
  const made = outcome.answer.body as StaffBookingResponse;
  const bookingId = made.booking._id;

  // As staff confirming it a moment later would: its event, which makes the customer's letter.
  if (confirmAtOnce) await takeStep(tx, rules.events, bookingId, 'pending', { event: 'confirm', actor: staffActor(actor.staffRole), actorId: actor.id });
  // Who on staff booked, for whom: the customer is named by id, so the history keeps no personal words.
  await tx.execute(sql`SELECT activity_record('booking', ${bookingId}, 'added', NULL,
    jsonb_build_object('made_for', ${customerId}::text, 'new_customer', ${isNew}::boolean, 'status', ${confirmAtOnce ? 'confirmed' : 'pending'}::text))`);
  if (isNew && email) {
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResets).values({
      tokenHash: hashResetToken(token),
      userId: customerId,
      expiresAt: sql`now() + make_interval(days => ${WELCOME_LINK_DAYS})`,
    });
    // The link's token goes to the letter alone: no event or history keeps it.
    await rules.events.record(tx, [{ kind: 'customer_welcomed', bookingId: null, actorId: actor.id, data: { userId: customerId }, secret: token }]);
  }
  const booking = confirmAtOnce ? ((await findBooking(tx, eq(bookings.id, bookingId))) ?? made.booking) : made.booking;
  const answer: StaffBookingResponse = {
    success: true,
    message: confirmAtOnce ? STAFF_BOOKING_MESSAGES.bookedConfirmed : STAFF_BOOKING_MESSAGES.booked,
    booking,
    customerId,
  };
  if (made.notice === DRIVER_MESSAGES.driverMissing) answer.notice = STAFF_BOOKING_MESSAGES.driverMissing;
  return answer;
}

/** The customer chosen (a customer's account, not erased, bookable), or a new one made now. */
async function theCustomer(tx: Tx, customer: StaffBookingBody['customer']): Promise<{ customerId: string; isNew: boolean; email?: string; name: string }> {
  if ('userId' in customer) {
    const [row] = await tx
      .select({
        id: users.id,
        name: users.name,
        role: users.role,
        erasedAt: users.erasedAt,
        vetting: users.vettingStatus,
        doNotRent: sql<boolean>`(${users.doNotRentReason} IS NOT NULL)`,
      })
      .from(users)
      .where(eq(users.id, customer.userId));
    if (!row) throw new HttpError(404, STAFF_BOOKING_MESSAGES.customerNotFound);
    if (row.role !== 'user') throw new HttpError(422, STAFF_BOOKING_MESSAGES.staffNotCustomer);
    if (row.erasedAt) throw new HttpError(409, STAFF_BOOKING_MESSAGES.erased);
    // Said to staff in their words; the booking's own check (checkDrivers) still decides under its lock.
    if (row.doNotRent) throw new HttpError(422, STAFF_BOOKING_MESSAGES.doNotRent);
    if (row.vetting === 'rejected') throw new HttpError(422, STAFF_BOOKING_MESSAGES.notApproved);
    return { customerId: row.id, isNew: false, name: row.name };
  }
  const { name, phone, email } = customer;
  if (email) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw new HttpError(409, STAFF_BOOKING_MESSAGES.emailTaken);
  }
  try {
    // A savepoint: another desk adding the same e-mail at this moment is a clear 409, not a broken transaction.
    const row = theRow(
      await tx.transaction((inner) =>
        inner
          .insert(users)
          .values({ name, phone, email: email ?? null, passwordHash: null })
          .returning({ id: users.id }),
      ),
      'The new customer',
    );
    return { customerId: row.id, isNew: true, email, name };
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, STAFF_BOOKING_MESSAGES.emailTaken);
    throw err;
  }
}
