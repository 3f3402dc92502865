/**
 * /booking and /booking/{reference}: a booking found without an account password (docs/decisions/123).
 * The reference and the renter's last name or e-mail show it read-only and e-mail a one-time sign-in
 * link; once the link was opened in this tab (/booking/sign-in), the booking is read with its session.
 */
import { BOOKING_LOOKUP_MESSAGES, BOOKING_SESSION_HOURS } from '@rental/contract/bookingLookup';
import type { BookingLookupResponse, LookedUpBooking } from '@rental/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, apiClient, callApi } from '../api/client';
import { FormField, FormProblem, controlProps } from '../components/FormField';
import { SkeletonBlock } from '../components/Skeleton';
import { type BookingSession, bookingSessionFor, forgetBookingSession } from '../features/bookingLookup/bookingSession';
import { LookedUpBookingCard } from '../features/bookingLookup/LookedUpBookingCard';
import type { CheckInFacts } from '../features/bookingLookup/LookedUpCheckIn';
import { CheckInAccessProvider } from '../features/onlineCheckIn/checkInAccess';
import { formatInstantWithTime } from '../lib/dates';
import { usePageMeta } from '../lib/usePageMeta';
import { useSubmit } from '../lib/useSubmit';
import { useSession } from '../session/useSession';

// Check-in's part of the card comes after the booking shows: the page opened from an e-mail stays light.
const LookedUpCheckIn = lazy(() => import('../features/bookingLookup/LookedUpCheckIn').then((m) => ({ default: m.LookedUpCheckIn })));

export default function FindBookingPage() {
  usePageMeta('Find your booking', 'See a booking with its reference and your last name or e-mail address, without a password.');
  const { reference: given = '' } = useParams();
  const [session, setSession] = useState(() => (given ? bookingSessionFor(given) : null));
  return (
    <div className="container-page max-w-5xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">{session ? `Booking ${session.reference}` : 'Find your booking'}</h1>
      {session ? (
        <SignedInBooking
          session={session}
          onEnded={() => {
            forgetBookingSession();
            setSession(null);
          }}
        />
      ) : (
        <FindBookingForm initialReference={given} />
      )}
    </div>
  );
}

function FindBookingForm({ initialReference }: { initialReference: string }) {
  const ids = useId();
  const { setShowLogin } = useSession();
  const [values, setValues] = useState({ reference: initialReference, lastNameOrEmail: '' });
  const [problems, setProblems] = useState<{ reference?: string; lastNameOrEmail?: string }>({});
  const [found, setFound] = useState<BookingLookupResponse | null>(null);
  // The answer's words show beside the booking, not in a toast as well.
  const lookup = useSubmit(() => callApi('bookingLookup', { body: values }).then((answer) => ({ answer, message: undefined })), {
    onDone: ({ answer }) => setFound(answer),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = {
      reference: values.reference.trim() ? undefined : 'Please type the booking reference, such as WR-7K3M9Q.',
      lastNameOrEmail: values.lastNameOrEmail.trim() ? undefined : 'Please type the last name or the e-mail address on the booking.',
    };
    setProblems(wanted);
    if (wanted.reference || wanted.lastNameOrEmail) {
      document.getElementById(`${ids}-${wanted.reference ? 'reference' : 'name'}`)?.focus();
      lookup.clearProblem();
      return;
    }
    setFound(null);
    void lookup.send();
  }

  return (
    <>
      <p className="mt-2 mb-8 max-w-2xl text-slate-600">
        Booked at our counter or by phone, or forgot your password? Type your booking reference (it is in your e-mails and on your receipt) and your last name
        or e-mail address. We show the booking and e-mail you a link to open it.
      </p>
      <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] md:items-start">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <FormField id={`${ids}-reference`} label="Booking reference" error={problems.reference}>
            <input
              {...controlProps(`${ids}-reference`, problems.reference)}
              value={values.reference}
              onChange={(event) => setValues({ ...values, reference: event.target.value })}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              placeholder="WR-7K3M9Q"
            />
          </FormField>
          <FormField id={`${ids}-name`} label="Last name or e-mail address" error={problems.lastNameOrEmail}>
            <input
              {...controlProps(`${ids}-name`, problems.lastNameOrEmail)}
              value={values.lastNameOrEmail}
              onChange={(event) => setValues({ ...values, lastNameOrEmail: event.target.value })}
              autoComplete="off"
              maxLength={254}
            />
          </FormField>
          <FormProblem problem={lookup.problem} />
          <button type="submit" className="btn-primary w-full" disabled={lookup.busy}>
            {lookup.busy ? 'Please wait…' : 'Find my booking'}
          </button>
          <p className="text-sm text-slate-600">
            Have a password?{' '}
            <button type="button" className="font-medium text-primary underline-offset-2 hover:underline" onClick={() => setShowLogin(true)}>
              Log in
            </button>
          </p>
        </form>
        {found && <Found answer={found} />}
      </div>
    </>
  );
}

function Found({ answer }: { answer: BookingLookupResponse }) {
  return (
    <section aria-label={`Booking ${answer.booking.reference}`} className="flex flex-col gap-4">
      <p
        role="status"
        className={`rounded-2xl border p-4 text-sm ${answer.linkSent ? 'border-emerald-200 bg-emerald-50 text-emerald-950' : 'border-amber-200 bg-amber-50 text-amber-950'}`}
      >
        {answer.message}
      </p>
      <LookedUpBookingCard
        booking={answer.booking}
        checkIn={
          <Suspense fallback={null}>
            <LookedUpCheckIn
              signedIn={false}
              booking={{ bookingId: '', reference: answer.booking.reference, status: answer.booking.status, pickupDate: answer.booking.pickupDate }}
            />
          </Suspense>
        }
      />
    </section>
  );
}

/**
 * The booking read with the session its sign-in link opened: the same card with online check-in (its
 * page works with this session), and how long the session lasts. Under ['booking', …]: signing the
 * check-in refreshes it.
 */
function SignedInBooking({ session, onEnded }: { session: BookingSession; onEnded: () => void }) {
  const access = useMemo(() => {
    const api = apiClient.withToken(session.token);
    return { api, fileToken: session.token, bookingSession: session };
  }, [session]);
  const { api } = access;
  const booking = useQuery({
    queryKey: ['booking', 'lookup-session', session.bookingId],
    queryFn: async (): Promise<{ card: LookedUpBooking; checkIn: CheckInFacts }> => {
      const [{ booking: b }, { folio }] = await Promise.all([
        api.call('userBooking', { params: { reference: session.reference } }),
        api.call('folio', { params: { id: session.bookingId } }),
      ]);
      const card: LookedUpBooking = {
        reference: b.reference,
        car: b.car,
        pickupDate: b.pickupDate,
        returnDate: b.returnDate,
        status: b.status,
        statusReason: b.statusReason,
        paymentStatus: b.paymentStatus,
        owed: { charged: folio.totals.charged, paid: folio.totals.paid - folio.totals.refunded, balance: folio.totals.balance, currency: folio.currency },
      };
      return { card, checkIn: { bookingId: b._id, reference: b.reference, status: b.status, pickupDate: b.pickupDate, onlineCheckIn: b.onlineCheckIn } };
    },
    retry: false,
  });
  const ended = booking.error instanceof ApiError && (booking.error.status === 401 || booking.error.status === 404);
  return (
    <div className="mt-6 flex flex-col gap-4">
      <p className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
        {BOOKING_LOOKUP_MESSAGES.signedIn} This works in this browser tab until {formatInstantWithTime(session.expiresAt)} (at most {BOOKING_SESSION_HOURS}{' '}
        hours).{' '}
        <button type="button" className="font-medium underline" onClick={onEnded}>
          Sign out
        </button>
      </p>
      {booking.data ? (
        <CheckInAccessProvider value={access}>
          <LookedUpBookingCard
            booking={booking.data.card}
            checkIn={
              <Suspense fallback={null}>
                <LookedUpCheckIn signedIn booking={booking.data.checkIn} />
              </Suspense>
            }
          />
        </CheckInAccessProvider>
      ) : booking.isError ? (
        <div className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          <p className="font-medium">{ended ? 'This sign-in has ended.' : 'We could not load the booking.'}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => (ended ? onEnded() : booking.refetch())}>
            {ended ? 'Look it up again' : 'Try again'}
          </button>
        </div>
      ) : (
        <div role="status" className="grid gap-5 rounded-2xl border border-slate-200 p-5 md:grid-cols-[1fr_2fr]">
          <span className="sr-only">Loading the booking</span>
          <SkeletonBlock className="aspect-[16/10] w-full" />
          <div className="space-y-3">
            <SkeletonBlock className="h-6 w-40" />
            <SkeletonBlock className="h-4 w-3/4" />
          </div>
        </div>
      )}
      <p className="text-sm text-slate-600">
        Want to see all your bookings?{' '}
        <Link to="/my-bookings" className="font-medium text-primary underline">
          Log in to your account
        </Link>
        .
      </p>
    </div>
  );
}
