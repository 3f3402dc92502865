/**
 * /booking and /booking/{reference}: a booking found without an account password (docs/decisions/123).
 * The reference and the renter's last name or e-mail show it read-only and e-mail a one-time sign-in
 * link; once the link was opened in this tab (/booking/sign-in), the booking is read with its session.
 */
import type { BookingLookupResponse } from '@rental/contract/schemas';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { useParams } from 'react-router';
import { callApi } from '../api/client';
import { FormField, FormProblem, controlProps } from '../components/FormField';
import { bookingSessionFor, forgetBookingSession } from '../features/bookingLookup/bookingSession';
import { CardLoading } from '../features/bookingLookup/CardLoading';
import { usePageMeta } from '../lib/usePageMeta';
import { useSubmit } from '../lib/useSubmit';
import { useSession } from '../session/useSession';

// Check-in's part of the card comes after the booking shows: the page opened from an e-mail stays light.
// The card is drawn once a booking is found: the form, what the page opens with, stays light.
// With a link's session, the booking read with it (only then).
const SignedInBooking = lazy(() => import('../features/bookingLookup/SignedInBooking').then((m) => ({ default: m.SignedInBooking })));
const LookedUpBookingCard = lazy(() => import('../features/bookingLookup/LookedUpBookingCard').then((m) => ({ default: m.LookedUpBookingCard })));
const LookedUpCheckIn = lazy(() => import('../features/bookingLookup/LookedUpCheckIn').then((m) => ({ default: m.LookedUpCheckIn })));

export default function FindBookingPage() {
  usePageMeta('Find your booking', 'See a booking with its reference and your last name or e-mail address, without a password.');
  const { reference: given = '' } = useParams();
  const [session, setSession] = useState(() => (given ? bookingSessionFor(given) : null));
  return (
    <div className="container-page max-w-5xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">{session ? `Booking ${session.reference}` : 'Find your booking'}</h1>
      {session ? (
        <Suspense fallback={<CardLoading />}>
          <SignedInBooking
            session={session}
            onEnded={() => {
              forgetBookingSession();
              setSession(null);
            }}
          />
        </Suspense>
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
      <Suspense fallback={<CardLoading />}>
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
      </Suspense>
    </section>
  );
}
