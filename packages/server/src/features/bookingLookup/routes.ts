/**
 * Finding a booking without an account password (docs/decisions/123): for walk-in customers staff
 * made (who may have no password) and customers who forgot theirs.
 *
 * - POST /api/bookings/lookup: the reference and the renter's last name or e-mail. A match shows the
 *   booking read-only (car, dates, status, what the folio says is owed; no one's personal details)
 *   and e-mails a one-time sign-in link to the renter's own address, never to one typed here. No
 *   match: one refusal that does not say which part was wrong. Failed tries are counted like failed
 *   logins (features/auth/loginLimits.ts): per address and reference, per address, per reference.
 * - POST /api/bookings/lookup/sign-in: the link's token, once, within 30 minutes, gives a session
 *   for that booking alone (features/auth/bookingSessions.ts, access bookingHolder).
 *
 * The token is 32 random bytes; only its SHA-256 is stored. It reaches the letter as the event's
 * secret and waits in the outbox row only until sent (features/mail/outbox.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  BOOKING_LINK_MINUTES,
  BOOKING_LINK_WINDOW_MINUTES,
  BOOKING_LINKS_PER_WINDOW,
  BOOKING_LOOKUP_MESSAGES,
  BOOKING_LOOKUP_REFUSALS,
  lastNameOrEmailMatches,
  MESSAGES,
} from '@rental/contract';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import { bookings, bookingSignInLinks, users } from '../../db/schema';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { type AuthRateLimit, createLoginLimiter, loginLimitRules, signBookingSession } from '../auth';
import { findBooking, folioTotalsOf, normaliseReference, REFERENCE_PATTERN } from '../bookings';
import { getCompanySettings } from '../company';

export interface BookingLookupRoutesOptions {
  /** The login limits' numbers (false: no limits, as in tests that do not test them). */
  rateLimit: AuthRateLimit | false;
  /** Shares the counters between instances (REDIS_URL), as login does. */
  redis?: Redis;
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const noMatch = () => new HttpError(404, BOOKING_LOOKUP_REFUSALS.lookup_no_match, 'lookup_no_match');

const bookingLookupRoutes: FastifyPluginAsync<BookingLookupRoutesOptions> = async (app, options) => {
  const limiter = options.rateLimit
    ? createLoginLimiter({
        rules: loginLimitRules(options.rateLimit),
        redis: options.redis,
        // Counters of their own: a look-up's failures do not lock anyone's login, nor the other way round.
        nameSpace: `${options.rateLimit.nameSpace ?? 'rental-rate-limit-'}lookup-`,
        log: app.log,
      })
    : undefined;

  addEndpoint(app, 'bookingLookup', async (request, reply) => {
    const reference = normaliseReference(request.body.reference);
    // The reference stands where login's account does: per address and reference, per address, per reference.
    const gate = limiter ? await limiter.begin(reference, request.ip) : undefined;
    if (gate && !gate.allowed) {
      reply.header('retry-after', String(gate.retryAfterSeconds));
      throw new HttpError(429, MESSAGES.tooManyAttempts);
    }
    let matched = false;
    try {
      if (!REFERENCE_PATTERN.test(reference)) throw noMatch();
      const [renter] = await app.db
        .select({ bookingId: bookings.id, userId: users.id, name: users.name, email: users.email, erasedAt: users.erasedAt })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(eq(bookings.reference, reference));
      if (!renter || renter.erasedAt || !lastNameOrEmailMatches(renter, request.body.lastNameOrEmail)) throw noMatch();
      matched = true;
      const [booking, totals, company] = await Promise.all([
        findBooking(app.db, eq(bookings.id, renter.bookingId)),
        folioTotalsOf(app.db, renter.bookingId),
        getCompanySettings(app.db),
      ]);
      if (!booking) throw noMatch();
      const sent = renter.email ? await sendLink(renter.userId, renter.bookingId) : ('no_email' as const);
      return {
        success: true as const,
        booking: {
          reference: booking.reference,
          car: booking.car,
          pickupDate: booking.pickupDate,
          returnDate: booking.returnDate,
          status: booking.status,
          statusReason: booking.statusReason,
          paymentStatus: booking.paymentStatus,
          owed: { charged: totals.charged, paid: totals.paid - totals.refunded, balance: totals.balance, currency: company.currency },
        },
        linkSent: sent === 'sent',
        message:
          sent === 'sent' ? BOOKING_LOOKUP_MESSAGES.linkSent : sent === 'no_email' ? BOOKING_LOOKUP_MESSAGES.noEmail : BOOKING_LOOKUP_MESSAGES.linkSentLately,
      };
    } finally {
      // Only failures count, as with login: the right details give the attempt back.
      if (gate?.allowed && matched) await gate.release();
    }
  });

  /** A new link to the renter's own address, unless this booking was sent enough lately. */
  async function sendLink(userId: string, bookingId: string): Promise<'sent' | 'sent_lately'> {
    return app.db.transaction(async (tx) => {
      // The renter's row first: two look-ups at once count each other's links.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const [recent] = await tx
        .select({ links: count() })
        .from(bookingSignInLinks)
        .where(
          and(
            eq(bookingSignInLinks.bookingId, bookingId),
            gt(bookingSignInLinks.createdAt, sql`now() - make_interval(mins => ${BOOKING_LINK_WINDOW_MINUTES})`),
          ),
        );
      if ((recent?.links ?? 0) >= BOOKING_LINKS_PER_WINDOW) return 'sent_lately';
      const token = randomBytes(32).toString('base64url');
      await tx.insert(bookingSignInLinks).values({
        tokenHash: hashLinkToken(token),
        bookingId,
        userId,
        expiresAt: sql`now() + make_interval(mins => ${BOOKING_LINK_MINUTES})`,
      });
      // The token goes to the letter alone: no event or history keeps it.
      await app.events.record(tx, [{ kind: 'booking_sign_in_requested', bookingId: null, actorId: null, data: { userId, bookingId }, secret: token }]);
      return 'sent';
    });
  }

  addEndpoint(
    app,
    'bookingLookupSignIn',
    async (request) => {
      const tokenHash = hashLinkToken(request.body.token);
      // Once: checking and using the link is one statement, so of two uses racing (on any instance) one wins.
      const [link] = await app.db
        .update(bookingSignInLinks)
        .set({ usedAt: sql`now()` })
        .where(and(eq(bookingSignInLinks.tokenHash, tokenHash), isNull(bookingSignInLinks.usedAt), gt(bookingSignInLinks.expiresAt, sql`now()`)))
        .returning({ bookingId: bookingSignInLinks.bookingId, userId: bookingSignInLinks.userId });
      const gone = () => new HttpError(400, BOOKING_LOOKUP_REFUSALS.lookup_link_gone, 'lookup_link_gone');
      if (!link) throw gone();
      const [renter] = await app.db
        .select({ sessionVersion: users.sessionVersion, erasedAt: users.erasedAt, reference: bookings.reference })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(and(eq(bookings.id, link.bookingId), eq(bookings.userId, link.userId)));
      if (!renter || renter.erasedAt) throw gone();
      const session = signBookingSession(app.sessionKey, {
        userId: link.userId,
        sessionVersion: renter.sessionVersion,
        bookingId: link.bookingId,
        reference: renter.reference,
      });
      return {
        success: true as const,
        token: session.token,
        bookingId: link.bookingId,
        reference: renter.reference,
        expiresAt: session.expiresAt.toISOString(),
        message: BOOKING_LOOKUP_MESSAGES.signedIn,
      };
    },
    // Per address, like reset-password: a token is 32 random bytes, but no one need try many.
    { config: options.rateLimit ? { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindow } } : undefined },
  );
};

export default bookingLookupRoutes;
